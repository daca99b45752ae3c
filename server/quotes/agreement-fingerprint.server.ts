import { createHash } from "node:crypto";

import { canonicalJson } from "~/shared/quote-model";

import type { Executor } from "../db/database.server";
import { SIGNATURE_HASH_VERSION } from "../db/migrations/0031-signature-facts";
import type { AgreementTable } from "../db/schema";

export { SIGNATURE_HASH_VERSION };

export const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The stored columns an agreement's fingerprint covers. */
export type SignedFacts = Pick<
  AgreementTable,
  | "quote_id"
  | "signer_name"
  | "signer_company"
  | "signer_email"
  | "signed_at"
  | "user_agent"
  | "address_hash"
  | "content"
> & { hash_version: number };

/**
 * The exact text an agreement's fingerprint (SHA-256) is taken over, rebuilt
 * from its stored columns (decision 0049). Version 1 (signed before migration
 * 0030): the quote's content alone. Version 2: the canonical JSON of the
 * content with who signed, when, from which browser and the address digest, and
 * the quote it belongs to, so another signer, time or quote gives another text.
 * Nothing here reads the site's copy: the content is the one stored at signing.
 * Undefined when the stored content is not the JSON it was (altered).
 */
export function signedText(facts: SignedFacts): string | undefined {
  const version = Number(facts.hash_version);
  if (version === 1) return facts.content;
  if (version !== SIGNATURE_HASH_VERSION) return undefined;
  try {
    const content: unknown = JSON.parse(facts.content);
    return canonicalJson({
      fingerprint: version,
      quoteId: facts.quote_id,
      content,
      signer: {
        name: facts.signer_name,
        company: facts.signer_company ?? null,
        email: facts.signer_email,
        signedAt: facts.signed_at,
        userAgent: facts.user_agent ?? null,
        addressHash: facts.address_hash,
      },
    });
  } catch {
    return undefined;
  }
}

/**
 * Deletes the agreements of `quoteIds`, inside the lead's privacy deletion's
 * transaction (the retention purge or the person's request, docs/product.md#retention):
 * the only deletion the database lets through (migration 0031). The release
 * rows go before the transaction commits, so no other deletion ever sees one.
 */
export async function deleteAgreementsOfDeletedLead(trx: Executor, quoteIds: string[]) {
  if (quoteIds.length === 0) return;
  await trx
    .insertInto("agreement_releases")
    .values(quoteIds.map((quote_id) => ({ quote_id })))
    .execute();
  await trx.deleteFrom("agreements").where("quote_id", "in", quoteIds).execute();
  await trx.deleteFrom("agreement_releases").where("quote_id", "in", quoteIds).execute();
}
