import { createHmac, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";

import { siteConfig } from "~/content/site";
import { formatCad } from "~/lib/money";
import { formatSiteDateTimeWithZone } from "~/lib/site-time";
import { z } from "~/lib/zod";
import { printableName } from "~/schemas/printable-name";
import {
  agreementContent,
  canonicalJson,
  lineIncluded,
  type AgreementContent,
  type QuoteRow,
} from "~/shared/quote-model";
import { scopeBlocks } from "~/shared/scope";

import type { Executor } from "../db/database.server";
import type { AgreementTable, SignedVia } from "../db/schema";
import { contentWidth, PDF_FONT, PDF_FONT_BOLD, PDF_INK, PDF_MUTED, renderPdf } from "../documents/pdf";
import { drawScope } from "../documents/scope-pdf";
import type { Seal } from "../documents/seal.server";
import type { DocumentStamp } from "../documents/stamp.server";
import { agreementAudit, type AuditEvent } from "./agreement-audit.server";
import { sha256Hex, SIGNATURE_HASH_VERSION, signedText } from "./agreement-fingerprint.server";

export { sha256Hex } from "./agreement-fingerprint.server";
export { runAgreementVerify, verifyAgreement } from "./agreement-verify.server";

export type AgreementRow = Selectable<AgreementTable>;

/** What the client types to sign: their full legal name, a company if any, and the box ticked. */
export const signatureSchema = z.object({
  legalName: z
    .string({ error: "Type your full legal name to sign." })
    .trim()
    .min(2, "Type your full legal name to sign.")
    .max(120, "Your name is at most 120 characters.")
    // Control characters have no place in a name printed on a PDF and an email header.
    .regex(/^[^\p{Cc}]+$/u, "Your name has characters that cannot be printed.")
    // A right-to-left override would make the PDF print another name than the record holds.
    .check(printableName("Your name")),
  company: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .max(120, "The company name is at most 120 characters.")
      .regex(/^[^\p{Cc}]+$/u, "The company name has characters that cannot be printed.")
      .check(printableName("The company name"))
      .optional(),
  ),
  agree: z.literal("on", { error: "Tick the box to agree to the quote and its terms." }),
});

export type Signature = z.infer<typeof signatureSchema>;

/**
 * Who signed, as the request tells: the user agent (capped), the client address (only ever
 * hashed) and, when they were signed in to the client portal, the portal's proven email.
 */
export type Signer = { clientIp: string; userAgent: string | null; portalEmail?: string | null };

/** How the signer was identified: the portal, when signed in there as the quote's own email; otherwise the quote's emailed link. */
export function signedVia(portalEmail: string | null | undefined, leadEmail: string): SignedVia {
  return portalEmail && portalEmail.toLowerCase() === leadEmail.toLowerCase() ? "portal" : "email-link";
}

export function addressHash(key: Buffer, clientIp: string) {
  return createHmac("sha256", key).update(clientIp).digest("hex");
}

/**
 * Stores the client's signature of an open quote with the quote's content as
 * it is now and a fingerprint of both (version 2), inside the caller's transaction, and moves the quote to Accepted.
 * Returns "signed", "already" (a signature is there: the unique key settled a
 * race) or "closed" (the quote no longer takes one: withdrawn, expired,
 * superseded meanwhile; nothing is stored).
 */
export async function storeSignature(
  trx: Executor,
  quote: QuoteRow,
  signature: Signature,
  signer: Signer & { email: string; key: Buffer },
  t: number,
): Promise<{ state: "signed"; agreement: AgreementRow } | { state: "already" | "closed" }> {
  const at = new Date(t).toISOString();
  // Moved first, only from an open state and before its expiry: a withdraw or an edit that committed first wins.
  const moved = await trx
    .updateTable("quotes")
    // A second signature racing the first keeps the first one's time.
    .set((eb) => ({
      status: "accepted",
      accepted_at: eb.fn.coalesce("accepted_at", eb.val(at)),
      updated_at: at,
    }))
    .where("id", "=", quote.id)
    .where("status", "in", ["sent", "viewed", "accepted"])
    .where("expires_at", ">", at)
    .returningAll()
    .executeTakeFirst();
  if (!moved) return { state: "closed" };
  const content = canonicalJson(agreementContent(moved));
  const facts = {
    id: randomUUID(),
    quote_id: quote.id,
    lead_id: quote.lead_id,
    signer_name: signature.legalName,
    signer_company: signature.company ?? null,
    signer_email: signer.email,
    signed_at: at,
    user_agent: signer.userAgent ? signer.userAgent.slice(0, 400) : null,
    address_hash: addressHash(signer.key, signer.clientIp),
    content,
    hash_version: SIGNATURE_HASH_VERSION,
  };
  // What was signed, whole, with who signed it (decision 0049): verification rebuilds this text from the row, never from the site's copy.
  const text = signedText(facts)!;
  const agreement: AgreementRow = {
    ...facts,
    signed_text: text,
    content_sha256: sha256Hex(text),
    signed_via: signedVia(signer.portalEmail, signer.email),
  };
  const inserted = await trx
    .insertInto("agreements")
    .values(agreement)
    .onConflict((oc) => oc.column("quote_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? { state: "signed", agreement } : { state: "already" };
}

const cad = (cents: number) => formatCad(cents, { withCode: true });

export function agreementFilename(content: Pick<AgreementContent, "reference" | "version">) {
  return `agreement-${content.reference}-v${content.version}.pdf`;
}

/** The studio's countersignature as the agreement prints it. */
export type Countersignature = { name: string; role: string; signedAt: string };

type Pdf = PDFKit.PDFDocument;

function heading(doc: Pdf, text: string) {
  doc.moveDown(0.8);
  doc
    .fillColor(PDF_INK)
    .font(PDF_FONT_BOLD)
    .fontSize(13)
    .text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
  doc.font(PDF_FONT).fontSize(11);
}

function row(doc: Pdf, label: string, value: string, bold = false) {
  const width = contentWidth(doc);
  const y = doc.y;
  doc
    .fillColor(PDF_INK)
    .font(bold ? PDF_FONT_BOLD : PDF_FONT)
    .fontSize(11);
  doc.text(label, doc.page.margins.left, y, { width: width - 150 });
  const after = doc.y;
  doc.text(value, doc.page.margins.left + width - 150, y, { width: 150, align: "right" });
  doc.y = Math.max(after, doc.y);
  // Back to the left margin: the amount column moved the cursor.
  doc.x = doc.page.margins.left;
  doc.moveDown(0.2);
}

/** The price: the lines signed for (options ticked marked so), the taxes, the total, the options left out. */
function priceSection(doc: Pdf, c: AgreementContent) {
  heading(doc, "Price (CAD)");
  for (const line of c.lines.filter(lineIncluded))
    row(doc, line.optional ? `${line.label} (option chosen)` : line.label, cad(line.amountCents));
  if (c.taxes.length > 0) {
    row(doc, "Subtotal", cad(c.subtotalCents));
    for (const tax of c.taxes) row(doc, tax.label, cad(tax.cents));
  }
  row(doc, "Total", cad(c.totalCents), true);
  const declined = c.lines.filter((l) => !lineIncluded(l));
  if (declined.length > 0)
    doc
      .fillColor(PDF_MUTED)
      .fontSize(10)
      .text(`Options not chosen: ${declined.map((l) => `${l.label} (${cad(l.amountCents)})`).join("; ")}.`, {
        width: contentWidth(doc),
      })
      .fillColor(PDF_INK)
      .fontSize(11);
  heading(doc, "Payment schedule");
  for (const s of c.schedule)
    row(
      doc,
      s.kind === "deposit"
        ? `Deposit (${s.percent}%), due to start`
        : s.kind === "balance"
          ? "Balance, due on completion"
          : "Full amount, due to start",
      cad(s.cents),
    );
}

/** Both signatures: the client's (as typed, with how and when) and the studio's, with its signer's role. */
function signatureSection(doc: Pdf, agreement: AgreementRow, counter?: Countersignature) {
  const width = contentWidth(doc);
  heading(doc, "Signatures");
  doc.font(PDF_FONT_BOLD).text("For the client", { width }).font(PDF_FONT);
  doc.text(`Signed by typing their full legal name: ${agreement.signer_name}`, { width });
  if (agreement.signer_company) doc.text(`Company: ${agreement.signer_company}`, { width });
  doc.text(`Email: ${agreement.signer_email}`, { width });
  doc.text(`Signed: ${formatSiteDateTimeWithZone(agreement.signed_at)}`, { width });
  doc.moveDown(0.5);
  doc.font(PDF_FONT_BOLD).text(`For ${siteConfig.name}`, { width }).font(PDF_FONT);
  if (counter) {
    doc.text(`Countersigned by: ${counter.name}, ${counter.role}`, { width });
    doc.text(`Countersigned: ${formatSiteDateTimeWithZone(counter.signedAt)}`, { width });
  } else doc.text("Not yet countersigned by the studio.", { width });
}

/**
 * The audit page (issue 38): each event with its Vancouver time and how the person was
 * identified, then what the seal proves. Words only: no ids, digests or commands (issue 37).
 */
function auditPage(
  doc: Pdf,
  events: readonly AuditEvent[],
  seal: { signer: string; selfSigned: boolean; at: string },
) {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  doc.addPage();
  heading(doc, "Audit trail");
  doc.fillColor(PDF_MUTED).fontSize(10).text("Times are Vancouver time.", { width }).moveDown(0.5);
  for (const e of events) {
    const y = doc.y;
    doc.fillColor(PDF_INK).font(PDF_FONT_BOLD).fontSize(10.5).text(e.event, left, y, { width: 110 });
    doc.font(PDF_FONT).text(formatSiteDateTimeWithZone(e.at), left + 115, y, { width: width - 115 });
    doc.fillColor(PDF_MUTED).text(e.detail, left + 115, doc.y, { width: width - 115 });
    doc.x = left;
    doc.moveDown(0.6);
  }
  heading(doc, "Seal");
  doc
    .fontSize(10.5)
    .text(
      `${siteConfig.name} sealed this document with its digital signature (${seal.signer}) on ${formatSiteDateTimeWithZone(seal.at)}. ` +
        "A PDF reader shows the signature and tells whether the file changed after it was sealed.",
      { width },
    );
  if (seal.selfSigned)
    doc
      .moveDown(0.3)
      .fillColor(PDF_MUTED)
      .text("Sealed with a development certificate: not for a real agreement.", { width });
}

/** What an agreement's PDF carries beyond the signed content. */
export type AgreementPdfOptions = {
  counter?: Countersignature;
  /** The audit page's events; with a seal, the file is signed as of the latest one. */
  audit?: readonly AuditEvent[];
  seal?: Seal;
  test?: boolean;
};

/**
 * The signed agreement as a PDF: what was signed, from the stored content (never from the quote
 * as it is now): the scope, the price, the terms, the agreement's clauses in the version the quote
 * was sent with, and both signatures with who, their role and when.
 */
export function agreementPdf(agreement: AgreementRow, options: AgreementPdfOptions = {}): Promise<Buffer> {
  const { counter, audit = [], seal, test } = options;
  const c = JSON.parse(agreement.content) as AgreementContent;
  // The seal's time is the last event it attests, so the same record gives the same bytes.
  const sealedAt = [agreement.signed_at, counter?.signedAt, ...audit.map((e) => e.at)]
    .filter((t): t is string => Boolean(t))
    .sort()
    .at(-1)!;
  return renderPdf(
    {
      title: "Signed agreement",
      subtitle: `Quote ${c.reference} · version ${c.version} · signed ${formatSiteDateTimeWithZone(agreement.signed_at)}`,
      createdAt: new Date(agreement.signed_at),
      test,
      seal: seal && {
        seal,
        info: {
          reason: `Agreement of quote ${c.reference}, version ${c.version}`,
          signedAt: new Date(sealedAt),
        },
      },
    },
    (doc) => {
      const width = contentWidth(doc);
      doc.fillColor(PDF_INK).font(PDF_FONT).fontSize(11);
      doc.text(
        `Between ${siteConfig.name} and ${agreement.signer_name}${agreement.signer_company ? ` (${agreement.signer_company})` : ""}.`,
        { width },
      );
      heading(doc, "Scope");
      doc.text(`${c.scope.package}: ${c.scope.summary}`, { width });
      if (c.scope.details) {
        doc.moveDown(0.3);
        drawScope(doc, scopeBlocks(c.scope.details));
      }
      priceSection(doc, c);
      heading(doc, "Terms");
      doc.text(c.terms, { width, lineGap: 2 });
      doc.moveDown(0.3);
      doc.text(`This quote was valid until ${formatSiteDateTimeWithZone(c.expiresAt)}.`, { width });
      if (c.contract) {
        heading(doc, `Agreement (version ${c.contract.version})`);
        drawScope(doc, scopeBlocks(c.contract.text));
      }
      signatureSection(doc, agreement, counter);
      if (audit.length > 0 || seal)
        auditPage(doc, audit, {
          signer: seal?.signer ?? siteConfig.name,
          selfSigned: seal?.selfSigned ?? false,
          at: sealedAt,
        });
    },
  );
}

/** The studio's countersignature of a quote, if any. */
export async function countersignatureOf(
  db: Executor,
  quoteId: string,
): Promise<Countersignature | undefined> {
  const row = await db
    .selectFrom("countersignatures")
    .select(["name", "role", "signed_at"])
    .where("quote_id", "=", quoteId)
    .executeTakeFirst();
  return row ? { name: row.name, role: row.role, signedAt: row.signed_at } : undefined;
}

/**
 * An agreement's PDF as it leaves the server, and its download name: with the studio's
 * countersignature when there is one, the audit page, the TEST mark under the sandbox
 * provider, sealed with the studio's certificate (decision 0057).
 */
export async function agreementFile(
  agreement: AgreementRow,
  ctx: { db: Executor; documents: DocumentStamp },
) {
  const { reference, version } = JSON.parse(agreement.content) as Pick<
    AgreementContent,
    "reference" | "version"
  >;
  return {
    filename: agreementFilename({ reference, version }),
    pdf: await agreementPdf(agreement, {
      counter: await countersignatureOf(ctx.db, agreement.quote_id),
      audit: await agreementAudit(ctx.db, agreement),
      seal: ctx.documents.seal(),
      test: ctx.documents.test,
    }),
  };
}
