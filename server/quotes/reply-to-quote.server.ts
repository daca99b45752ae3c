import { OPEN_STATUSES, quoteReference } from "~/shared/quote-model";

import { voidOpenInvoices } from "../billing/documents.server";
import { enqueue } from "../outbox/outbox.server";
import { CROSS_SITE_PAYMENT_MESSAGE } from "../payments/errors";
import type { PaymentClient } from "../payments/payment-context.server";
import {
  declineSchema,
  fieldErrors,
  questionSchema,
  QUOTE_REPLY_LIMITED,
  type CheckoutContext,
  type QuoteReplyResult,
} from "./checkout-context.server";
import { quoteReplyOutboxItem } from "./notifications.server";
import { byToken } from "./view-quote.server";

/**
 * The client's answer other than paying: decline (an optional reason; the
 * quote is withdrawn and its checkouts closed) or a question. Each reaches
 * the studio's inbox and the lead's timeline in one transaction.
 */
export async function reply(
  ctx: CheckoutContext,
  request: Request,
  token: string,
  client: PaymentClient,
  intent: "decline" | "question",
  form: Record<string, unknown>,
): Promise<QuoteReplyResult> {
  const { crossSite, deps, replyLimiter, clock, db, timeline, payments } = ctx;
  if (crossSite(request)) return { ok: false, status: 403, error: CROSS_SITE_PAYMENT_MESSAGE };
  const quote = await byToken(ctx, token);
  if (!quote || quote.status === "draft") return { ok: false, status: 404, error: "No such quote." };
  const parsed = intent === "decline" ? declineSchema.safeParse(form) : questionSchema.safeParse(form);
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      error: "Please check the highlighted field.",
      fields: fieldErrors(parsed.error),
    };
  if (!deps.config.RATE_LIMIT_DISABLED) {
    const decision = await replyLimiter.hit(client.clientIp, clock());
    if (!decision.allowed)
      return {
        ok: false,
        status: 429,
        error: QUOTE_REPLY_LIMITED,
        retryAfterSeconds: decision.retryAfterSeconds,
      };
  }
  const t = clock();
  const at = new Date(t).toISOString();
  const text = "reason" in parsed.data ? parsed.data.reason : (parsed.data as { question: string }).question;
  const ref = quoteReference(quote.id);
  const done = await db.transaction().execute(async (trx) => {
    if (intent === "decline") {
      // Only an open quote with nothing paid can be declined; its state decides, in the same statement.
      const declined = await trx
        .updateTable("quotes")
        .set({ status: "withdrawn", withdrawn_at: at, declined_at: at, updated_at: at })
        .where("id", "=", quote.id)
        .where("status", "in", OPEN_STATUSES)
        .returning("id")
        .executeTakeFirst();
      if (!declined) return undefined;
      // A signed quote declined before paying leaves no invoice open (decision 0046).
      await voidOpenInvoices(trx, quote.id, t);
    }
    const kind = intent === "decline" ? "quote-declined" : "quote-question";
    const detail =
      intent === "decline"
        ? `${ref} declined${text ? `: ${text}` : " (no reason given)"}`
        : `${ref} question: ${text}`;
    const activityId = await timeline.record(
      trx,
      { leadId: quote.lead_id, kind, detail, actor: "client" },
      t,
    );
    await enqueue(trx, [quoteReplyOutboxItem(intent, activityId)], t);
    return kind;
  });
  if (!done)
    return { ok: false, status: 409, error: "This quote can no longer be declined. Please contact us." };
  if (intent === "decline") await payments.closeQuoteCheckouts(quote.id, "quote withdrawn");
  deps.outbox?.wake();
  return { ok: true, sent: intent === "decline" ? "declined" : "question" };
}
