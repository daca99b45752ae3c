import { createHash, createHmac, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";

import { siteConfig } from "~/content/site";
import { formatCad } from "~/lib/money";
import { formatSiteDateTimeWithZone } from "~/lib/site-time";
import { z } from "~/lib/zod";
import { printableName } from "~/schemas/printable-name";
import {
  agreementContent,
  canonicalJson,
  quoteReference,
  type AgreementContent,
  type QuoteRow,
} from "~/shared/quote-model";

import type { AppDatabase, Executor } from "../db/database.server";
import type { AgreementTable } from "../db/schema";
import { contentWidth, PDF_FONT, PDF_FONT_BOLD, PDF_INK, PDF_MUTED, renderPdf } from "../documents/pdf";

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

/** Who signed, as the request tells: the user agent (capped) and the client address, only ever hashed. */
export type Signer = { clientIp: string; userAgent: string | null };

export const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export function addressHash(key: Buffer, clientIp: string) {
  return createHmac("sha256", key).update(clientIp).digest("hex");
}

/**
 * Stores the client's signature of an open quote with the quote's content as
 * it is now, inside the caller's transaction, and moves the quote to Accepted.
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
  const agreement: AgreementRow = {
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
    content_sha256: sha256Hex(content),
  };
  const inserted = await trx
    .insertInto("agreements")
    .values(agreement)
    .onConflict((oc) => oc.column("quote_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? { state: "signed", agreement } : { state: "already" };
}

export type AgreementCheck = {
  reference: string;
  quoteId: string;
  signerName: string;
  signedAt: string;
  storedSha256: string;
  /** SHA-256 of the stored content, computed now. */
  computedSha256: string;
  /** The stored content still matches its hash. */
  hashMatches: boolean;
  /** The quote's content as stored today still serializes to the signed text. */
  quoteMatches: boolean;
};

/** A quote by its id or its reference (Q-1A2B3C4D), as the studio would type either. */
export async function findQuote(db: AppDatabase["db"], idOrReference: string) {
  const text = idOrReference.trim();
  const ref = /^Q-([0-9A-F]{8})$/i.exec(text);
  if (ref) {
    const rows = await db
      .selectFrom("quotes")
      .selectAll()
      .where("id", "like", `${ref[1]!.toLowerCase()}%`)
      .limit(2)
      .execute();
    return rows.length === 1 ? rows[0] : undefined;
  }
  if (!/^[0-9a-f-]{36}$/i.test(text)) return undefined;
  return db.selectFrom("quotes").selectAll().where("id", "=", text.toLowerCase()).executeTakeFirst();
}

/**
 * Recomputes a stored agreement's hash from its stored content, and the
 * content from the quote as it is stored today: both must match what was signed.
 */
export async function verifyAgreement(
  database: AppDatabase,
  idOrReference: string,
): Promise<AgreementCheck | undefined> {
  const quote = await findQuote(database.db, idOrReference);
  if (!quote) return undefined;
  const agreement = await database.db
    .selectFrom("agreements")
    .selectAll()
    .where("quote_id", "=", quote.id)
    .executeTakeFirst();
  if (!agreement) return undefined;
  const computed = sha256Hex(agreement.content);
  return {
    reference: quoteReference(quote.id),
    quoteId: quote.id,
    signerName: agreement.signer_name,
    signedAt: agreement.signed_at,
    storedSha256: agreement.content_sha256,
    computedSha256: computed,
    hashMatches: computed === agreement.content_sha256,
    quoteMatches: canonicalJson(agreementContent(quote)) === agreement.content,
  };
}

const cad = (cents: number) => formatCad(cents, { withCode: true });

export function agreementFilename(content: Pick<AgreementContent, "reference" | "version">) {
  return `agreement-${content.reference}-v${content.version}.pdf`;
}

/** The signed agreement as a PDF: what was signed, from the stored content (never from the quote as it is now), who, when, and the hash. */
export function agreementPdf(agreement: AgreementRow): Promise<Buffer> {
  const c = JSON.parse(agreement.content) as AgreementContent;
  return renderPdf(
    {
      title: "Signed agreement",
      subtitle: `Quote ${c.reference} · version ${c.version} · signed ${formatSiteDateTimeWithZone(agreement.signed_at)}`,
      createdAt: new Date(agreement.signed_at),
    },
    (doc) => {
      const width = contentWidth(doc);
      const heading = (text: string) => {
        doc.moveDown(0.8);
        doc.fillColor(PDF_INK).font(PDF_FONT_BOLD).fontSize(13).text(text, { width });
        doc.moveDown(0.3);
        doc.font(PDF_FONT).fontSize(11);
      };
      const row = (label: string, value: string, bold = false) => {
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
      };
      doc.fillColor(PDF_INK).font(PDF_FONT).fontSize(11);
      doc.text(
        `Between ${siteConfig.name} and ${agreement.signer_name}${agreement.signer_company ? ` (${agreement.signer_company})` : ""}.`,
        { width },
      );
      heading("Scope");
      doc.text(`${c.scope.package}: ${c.scope.summary}`, { width });
      heading("Price (CAD)");
      for (const line of c.lines) row(line.label, cad(line.amountCents));
      if (c.taxes.length > 0) {
        row("Subtotal", cad(c.subtotalCents));
        for (const tax of c.taxes) row(tax.label, cad(tax.cents));
      }
      row("Total", cad(c.totalCents), true);
      heading("Payment schedule");
      for (const s of c.schedule)
        row(
          s.kind === "deposit"
            ? `Deposit (${s.percent}%), due to start`
            : s.kind === "balance"
              ? "Balance, due on completion"
              : "Full amount, due to start",
          cad(s.cents),
        );
      heading("Terms");
      doc.text(c.terms, { width, lineGap: 2 });
      doc.moveDown(0.3);
      doc.text(`This quote was valid until ${formatSiteDateTimeWithZone(c.expiresAt)}.`, { width });
      heading("Signature");
      doc.text(`Signed by typing their full legal name: ${agreement.signer_name}`, { width });
      if (agreement.signer_company) doc.text(`Company: ${agreement.signer_company}`, { width });
      doc.text(`Email: ${agreement.signer_email}`, { width });
      doc.text(`Signed: ${formatSiteDateTimeWithZone(agreement.signed_at)}`, { width });
      doc.moveDown(0.5);
      doc.fillColor(PDF_MUTED).fontSize(9);
      doc.text("SHA-256 of the signed content:", { width });
      doc.font("Courier").text(agreement.content_sha256, { width });
      doc.font(PDF_FONT);
      doc.text(
        `Agreement ${agreement.id}. The studio can recompute this hash from its records (npm run agreement:verify).`,
        { width },
      );
    },
  );
}

/** An agreement's PDF and its download name. */
export async function agreementFile(agreement: AgreementRow) {
  const { reference, version } = JSON.parse(agreement.content) as Pick<
    AgreementContent,
    "reference" | "version"
  >;
  return { filename: agreementFilename({ reference, version }), pdf: await agreementPdf(agreement) };
}

/**
 * `npm run agreement:verify -- <quote id or reference>`: prints the check and
 * exits 0 when the agreement matches, 1 when it does not, 2 when there is none.
 */
export async function runAgreementVerify(
  args: string[],
  database: AppDatabase,
  io: { out: (line: string) => void; err: (line: string) => void },
) {
  const target = args.find((a) => a !== "--");
  if (!target) {
    io.err("usage: npm run agreement:verify -- <quote id or reference, e.g. Q-1A2B3C4D>");
    return 2;
  }
  const check = await verifyAgreement(database, target);
  if (!check) {
    io.err(`No signed agreement for ${target.slice(0, 60)}.`);
    return 2;
  }
  io.out(`Quote ${check.reference} (${check.quoteId}), signed by ${check.signerName} at ${check.signedAt}`);
  io.out(`stored   SHA-256 ${check.storedSha256}`);
  io.out(`computed SHA-256 ${check.computedSha256}`);
  io.out(`stored content matches its hash: ${check.hashMatches ? "yes" : "NO"}`);
  io.out(`quote as stored today matches the signed content: ${check.quoteMatches ? "yes" : "NO"}`);
  const ok = check.hashMatches && check.quoteMatches;
  io.out(ok ? "MATCH" : "MISMATCH");
  return ok ? 0 : 1;
}
