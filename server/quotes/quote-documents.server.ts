import { documentFilename, renderDocumentPdf } from "../billing/documents.server";
import { type CheckoutContext } from "./checkout-context.server";
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
  return doc ? { filename: documentFilename(doc), pdf: await renderDocumentPdf(doc) } : undefined;
}
