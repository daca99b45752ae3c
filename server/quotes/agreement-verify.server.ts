import { formatSiteDateTimeWithZone } from "~/lib/site-time";
import { agreementContent, canonicalJson, quoteReference, type QuoteRow } from "~/shared/quote-model";

import type { AppDatabase } from "../db/database.server";
import { sha256Hex, signedText } from "./agreement-fingerprint.server";

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

export type AgreementCheck = {
  reference: string;
  quoteId: string;
  quoteVersion: number;
  signerName: string;
  signerCompany: string | null;
  signedAt: string;
  /** 1: the fingerprint covers the quote's content alone (signed before migration 0031); 2: with who signed. */
  hashVersion: number;
  storedSha256: string;
  /** SHA-256 of the stored signed text, computed now. */
  computedSha256: string;
  /** The stored signed text still gives the fingerprint kept with it. */
  fingerprintMatches: boolean;
  /** The agreement's stored facts (content; and, version 2, who signed, when, browser, address digest) rebuild that text. */
  detailsMatch: boolean;
  /** Both of the above: nothing that was signed has changed. */
  hashMatches: boolean;
  /** The quote's figures as stored today (lines, taxes, totals, schedule, terms, expiry) are the signed ones. */
  quoteMatches: boolean;
};

/**
 * The parts of an agreement's content read from the quote's own columns: the
 * site's copy (the studio's name, the package's name and summary) is left out,
 * so a copy edit changes no old agreement's verdict (issue 37).
 */
function quoteFigures(content: unknown) {
  if (content === null || typeof content !== "object") return undefined;
  const { studio: _studio, scope: _scope, ...figures } = content as Record<string, unknown>;
  return canonicalJson(figures);
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Checks a stored agreement against itself, never against today's site copy:
 * its signed text against the fingerprint kept, its stored facts against that
 * text, and the quote's stored figures against the signed content.
 * `contentOf` builds a quote's content as the site would now (a test passes
 * another builder to stand for a copy edit).
 */
export async function verifyAgreement(
  database: AppDatabase,
  idOrReference: string,
  contentOf: (quote: QuoteRow) => unknown = agreementContent,
): Promise<AgreementCheck | undefined> {
  const quote = await findQuote(database.db, idOrReference);
  if (!quote) return undefined;
  const agreement = await database.db
    .selectFrom("agreements")
    .selectAll()
    .where("quote_id", "=", quote.id)
    .executeTakeFirst();
  if (!agreement) return undefined;
  const computed = sha256Hex(agreement.signed_text);
  const fingerprintMatches = computed === agreement.content_sha256;
  const detailsMatch = signedText(agreement) === agreement.signed_text;
  const signed = quoteFigures(parsed(agreement.content));
  return {
    reference: quoteReference(quote.id),
    quoteId: quote.id,
    quoteVersion: Number(quote.version),
    signerName: agreement.signer_name,
    signerCompany: agreement.signer_company,
    signedAt: agreement.signed_at,
    hashVersion: Number(agreement.hash_version),
    storedSha256: agreement.content_sha256,
    computedSha256: computed,
    fingerprintMatches,
    detailsMatch,
    hashMatches: fingerprintMatches && detailsMatch,
    quoteMatches: signed !== undefined && quoteFigures(contentOf(quote)) === signed,
  };
}

const yesNo = (ok: boolean) => (ok ? "yes" : "NO");

/**
 * `npm run agreement:verify -- <quote reference or id>`: prints the check in
 * words for the studio and exits 0 when the agreement matches, 1 when it does
 * not, 2 when there is none.
 */
export async function runAgreementVerify(
  args: string[],
  database: AppDatabase,
  io: { out: (line: string) => void; err: (line: string) => void },
) {
  const target = args.find((a) => a !== "--");
  if (!target) {
    io.err("Name the quote to check: npm run agreement:verify -- Q-1A2B3C4D (its reference, or its id).");
    return 2;
  }
  const check = await verifyAgreement(database, target);
  if (!check) {
    io.err(`No signed agreement for ${target.slice(0, 60)}.`);
    return 2;
  }
  const company = check.signerCompany ? ` for ${check.signerCompany}` : "";
  io.out(
    `Quote ${check.reference}, version ${check.quoteVersion}, signed by ${check.signerName}${company} on ${formatSiteDateTimeWithZone(check.signedAt)}`,
  );
  io.out(`Fingerprint kept with the agreement:  ${check.storedSha256}`);
  io.out(`Fingerprint of the signed text today: ${check.computedSha256}`);
  io.out(`The signed text gives the fingerprint kept: ${yesNo(check.fingerprintMatches)}`);
  io.out(
    check.hashVersion === 1
      ? `The quote's content kept with the agreement is the signed text: ${yesNo(check.detailsMatch)} (signed before the fingerprint covered who signed)`
      : `Who signed, when, from which browser and address, and the content kept, are the signed text: ${yesNo(check.detailsMatch)}`,
  );
  io.out(
    `The quote's prices, taxes, schedule and terms as kept today are the signed ones: ${yesNo(check.quoteMatches)}`,
  );
  const ok = check.hashMatches && check.quoteMatches;
  io.out(ok ? "MATCH" : "MISMATCH");
  return ok ? 0 : 1;
}
