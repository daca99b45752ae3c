import { chosenOptions, effectiveStatus, parseLines, withChoices, type QuoteRow } from "~/shared/quote-model";

import type { Executor } from "../db/database.server";
import { CROSS_SITE_PAYMENT_MESSAGE } from "../payments/errors";
import type { CheckoutContext } from "./checkout-context.server";
import { byToken } from "./view-quote.server";

/**
 * Stores the client's ticks of a quote's options, with every amount recomputed from the stored
 * lines (issue 38), inside the caller's transaction: only while the quote is open and not yet
 * signed (sent or viewed, before its expiry), so a signature that committed first keeps what it
 * signed. False when nothing was stored (no option, or no longer open).
 */
export async function applyChoices(trx: Executor, quote: QuoteRow, chosen: ReadonlySet<number>, at: string) {
  if (!parseLines(quote).some((l) => l.optional)) return false;
  const row = await trx
    .updateTable("quotes")
    .set({ ...withChoices(quote, chosen), updated_at: at })
    .where("id", "=", quote.id)
    .where("status", "in", ["sent", "viewed"])
    .where("expires_at", ">", at)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The quote page's "Update the total" (a plain form post without scripts, a fetch with them):
 * the ticks in the post are stored and the page shows the totals the server computed.
 */
export async function choose(
  ctx: CheckoutContext,
  request: Request,
  token: string,
  form: Record<string, unknown>,
): Promise<{ ok: true } | { ok: false; status: number; error: string }> {
  const { crossSite, clock, db } = ctx;
  if (crossSite(request)) return { ok: false, status: 403, error: CROSS_SITE_PAYMENT_MESSAGE };
  const quote = await byToken(ctx, token);
  if (!quote || quote.status === "draft") return { ok: false, status: 404, error: "No such quote." };
  const t = clock();
  if (!["sent", "viewed"].includes(effectiveStatus(quote, t)))
    return {
      ok: false,
      status: 409,
      error: "This quote is signed or closed: its options can no longer change.",
    };
  const stored = await db
    .transaction()
    .execute((trx) => applyChoices(trx, quote, chosenOptions(quote, form), new Date(t).toISOString()));
  return stored
    ? { ok: true }
    : { ok: false, status: 409, error: "This quote is signed or closed: its options can no longer change." };
}
