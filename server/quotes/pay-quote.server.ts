import { duePayment, effectiveStatus } from "~/shared/quote-model";

import { CROSS_SITE_PAYMENT_MESSAGE } from "../payments/errors";
import type { PaymentClient } from "../payments/payment-context.server";
import { QUOTE_NOT_PAYABLE, type CheckoutContext, type QuoteCheckoutResult } from "./checkout-context.server";
import { sign } from "./sign-quote.server";
import { byToken, expire } from "./view-quote.server";

/**
 * Accept (sign) and pay: opens checkout for what the stored quote says is
 * due (deposit, full amount, or the requested balance). A deposit or full
 * payment needs the client's signature first, given in the same post.
 * Amounts are never read from the request: only the token and the signature.
 */
export async function pay(
  ctx: CheckoutContext,
  token: string,
  client: PaymentClient & { userAgent?: string | null; portalEmail?: string | null },
  signature?: unknown,
): Promise<QuoteCheckoutResult> {
  const { clock, log, agreementOf, payments } = ctx;
  let quote = await byToken(ctx, token);
  if (!quote || quote.status === "draft") return { ok: false, status: 404, error: "No such quote." };
  const t = clock();
  let due = duePayment(quote, t);
  if (!due) {
    if (effectiveStatus(quote, t) === "expired" && quote.status !== "expired") await expire(ctx, quote, t);
    log.info({ quoteId: quote.id, status: effectiveStatus(quote, t) }, "quote payment refused: nothing due");
    return { ok: false, status: 409, error: QUOTE_NOT_PAYABLE };
  }
  if (due.kind !== "balance" && !(await agreementOf(quote.id))) {
    const refused = await sign(
      ctx,
      quote,
      signature,
      { clientIp: client.clientIp, userAgent: client.userAgent ?? null, portalEmail: client.portalEmail },
      t,
    );
    if (refused) return refused;
    quote = (await byToken(ctx, token)) ?? quote;
    // The options ticked with the signature set the amount: what is due is read again from the stored quote.
    due = duePayment(quote, t) ?? due;
  }
  const opened = await payments.createQuotePayment(
    {
      amountCents: due.amountCents,
      packageType: quote.package,
      quote: {
        quoteId: quote.id,
        inquiryId: quote.lead_id,
        kind: due.kind,
        cancelPath: `/quote/${token}`,
      },
    },
    client,
  );
  // A withdraw (or an edit) that committed while the checkout opened has already closed the quote's
  // checkouts, maybe before this one existed: read the state again, so none stays open on it.
  const after = opened.ok ? await byToken(ctx, token) : quote;
  if (opened.ok && (!after || duePayment(after, clock())?.kind !== due.kind)) {
    await payments.closeQuoteCheckouts(
      quote.id,
      after && effectiveStatus(after, clock()) === "expired" ? "quote expired" : "quote withdrawn",
    );
    return { ok: false, status: 409, error: QUOTE_NOT_PAYABLE };
  }
  return opened;
}

/** The page's Sign-and-pay post: refused from another site, then pay() with the typed signature; nothing else in the body is read. */
export function payRequest(
  ctx: CheckoutContext,
  request: Request,
  token: string,
  client: PaymentClient & { portalEmail?: string | null },
  form?: Record<string, unknown>,
): Promise<QuoteCheckoutResult> {
  const { crossSite } = ctx;
  if (crossSite(request))
    return Promise.resolve({ ok: false, status: 403, error: CROSS_SITE_PAYMENT_MESSAGE });
  return pay(ctx, token, { ...client, userAgent: request.headers.get("user-agent") }, form);
}
