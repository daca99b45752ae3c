import { type PackageType } from "~/content/payment";

import { closeCheckout, markClosed } from "./close-checkout.server";
import { overLimit } from "./create-payment.server";
import { openCheckout } from "./open-checkout.server";
import {
  CHECKOUT_JUST_PAID,
  CHECKOUT_REUSE_MARGIN_MS,
  OPENING_WAIT_MS,
  PROVIDER_UNAVAILABLE,
  type PaymentClient,
  type PaymentContext,
  type QuoteCheckoutOpenResult,
} from "./payment-context.server";
import type { QuoteReference } from "./types";

/**
 * A payment for a quote: the amount comes from the quote service (fixed on
 * the server), never from the request; the ids travel with it. One stage of
 * a quote has at most one open checkout (a partial unique index): a second
 * click, tab or parallel post gets the open one, and only the request whose
 * insert won asks the provider for a session.
 */
export async function createQuotePayment(
  ctx: PaymentContext,
  request: { amountCents: number; packageType: PackageType; quote: QuoteReference },
  client: PaymentClient,
): Promise<QuoteCheckoutOpenResult> {
  const { db, provider, clock, logger } = ctx;
  const limited = await overLimit(ctx, client);
  if (limited) return limited;
  const { quoteId, kind } = request.quote;
  const waitUntil = Date.now() + OPENING_WAIT_MS;
  for (let closed = 0; closed < 3;) {
    const open = await db
      .selectFrom("payments")
      .selectAll()
      .where("quote_id", "=", quoteId)
      .where("kind", "=", kind)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (!open) {
      const opened = await openCheckout(ctx, request);
      if (opened) return opened;
      continue; // another request inserted this stage's checkout first: use theirs
    }
    if (open.provider_session_id && open.checkout_url) {
      if (
        open.provider === provider.name &&
        Date.parse(open.expires_at ?? "") - clock() > CHECKOUT_REUSE_MARGIN_MS
      ) {
        logger.info({ paymentId: open.id, quoteId }, "open checkout reused");
        return {
          ok: true,
          url: open.checkout_url,
          paymentId: open.id,
          sessionId: open.provider_session_id,
        };
      }
      const state = await closeCheckout(ctx, open, "checkout expired");
      if (state === "paid") return { ok: false, status: 409, error: CHECKOUT_JUST_PAID };
      if (state === "unknown") return { ok: false, status: 502, error: PROVIDER_UNAVAILABLE };
      closed++;
      continue;
    }
    // The first click is opening this stage's checkout right now: wait for it rather than open a second.
    // One left without a session for longer than any opening takes (its process died) is closed instead.
    if (Date.now() - Date.parse(open.created_at) > 2 * OPENING_WAIT_MS) {
      await markClosed(ctx, open.id, "checkout expired");
      closed++;
      continue;
    }
    if (Date.now() > waitUntil) return { ok: false, status: 502, error: PROVIDER_UNAVAILABLE };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ok: false, status: 502, error: PROVIDER_UNAVAILABLE };
}
