import { documentFile } from "../billing/documents.server";
import { documentPath, type CheckoutContext } from "./checkout-context.server";
import { byToken } from "./view-quote.server";

/** One of the quote's documents as a PDF, for the holder of its link only. */
export async function documentPdf(ctx: CheckoutContext, token: string, documentId: string) {
  const { db } = ctx;
  const quote = await byToken(ctx, token);
  if (!quote || quote.status === "draft") return undefined;
  const doc = await db
    .selectFrom("money_documents")
    .selectAll()
    .where("id", "=", documentId)
    .where("quote_id", "=", quote.id)
    .executeTakeFirst();
  return doc ? documentFile(db, doc, ctx.documents) : undefined;
}

/**
 * Where the success page of a quote's checkout leads back to (issue 37): the quote's page and,
 * once the payment is settled, its receipt. The checkout's session id already shows that
 * receipt; a payment the quote did not take (to be refunded) has none.
 */
export async function returnLinks(
  ctx: CheckoutContext,
  sessionId: string,
): Promise<{ quote: string; receipt: string | null } | null> {
  const { db } = ctx;
  if (!sessionId || sessionId.length > 255) return null;
  const found = await db
    .selectFrom("payments")
    .innerJoin("quotes", "quotes.id", "payments.quote_id")
    .leftJoin("money_documents", (j) =>
      j.onRef("money_documents.payment_id", "=", "payments.id").on("money_documents.kind", "=", "receipt"),
    )
    .select(["quotes.token", "money_documents.id as receiptId"])
    .where("payments.provider_session_id", "=", sessionId)
    .executeTakeFirst();
  if (!found) return null;
  return {
    quote: `/quote/${found.token}`,
    receipt: found.receiptId ? documentPath(found.token, found.receiptId) : null,
  };
}
