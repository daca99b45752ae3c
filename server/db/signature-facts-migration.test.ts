import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";

import { agreementContent, canonicalJson, quoteReference } from "../../app/shared/quote-model";
import { migratorUpTo, openDatabaseUpTo, testDatabaseKind } from "../../tests/helpers/databases";
import { sha256Hex } from "../quotes/agreement-fingerprint.server";
import { verifyAgreement } from "../quotes/agreement-verify.server";
import { migrations } from "./migrations";
import { AGREEMENT_KEPT_MESSAGE, AGREEMENT_VERSION_MESSAGE } from "./migrations/0031-signature-facts";

const LAST = Object.keys(migrations).at(-1)!;

describe(`migration 0031-signature-facts on ${testDatabaseKind}`, () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
  });

  it("keeps an agreement signed before it verifying under version 1, refuses its deletion and a new version-1 agreement, and goes back down", async () => {
    const { database, dispose } = await openDatabaseUpTo("0030-calendar-sources");
    cleanup = dispose;
    const db = database.db;
    const at = "2026-10-01T17:00:00.000Z";
    const quoteId = "0a1b2c3d-0000-4000-8000-000000000001";
    await sql`insert into leads (id, first_name, last_name, email, project_type, message, source, created_at, search_text)
      values ('lead-1', 'Ada', 'Lovelace', 'ada@example.com', 'basic', 'A site.', 'test', ${at}, 'ada')`.execute(
      db,
    );
    await sql`insert into quotes (id, lead_id, token, package, lines, subtotal_cents, tax_cents, taxes, tax_province,
        total_cents, terms, status, expires_at, created_by, created_at, updated_at)
      values (${quoteId}, 'lead-1', ${"t".repeat(43)}, 'basic', '[]', 100000, 0, '[]', 'BC', 100000, 'Half now.',
        'accepted', '2026-10-31T17:00:00.000Z', 'owner@example.com', ${at}, ${at})`.execute(db);
    const quote = await db
      .selectFrom("quotes")
      .selectAll()
      .where("id", "=", quoteId)
      .executeTakeFirstOrThrow();
    // An agreement as migration 0018 stored it: the fingerprint of the content alone.
    const content = canonicalJson(agreementContent(quote));
    await sql`insert into agreements (id, quote_id, lead_id, signer_name, signer_company, signer_email, signed_at,
        user_agent, address_hash, content, content_sha256)
      values ('ag1', ${quoteId}, 'lead-1', 'Ada Lovelace', null, 'ada@example.com', ${at}, null, 'x', ${content},
        ${sha256Hex(content)})`.execute(db);

    expect((await migratorUpTo(database, LAST).migrateToLatest()).error).toBeUndefined();
    const row = await db.selectFrom("agreements").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ hash_version: 1, signed_text: content });
    expect(await verifyAgreement(database, quoteReference(quoteId))).toMatchObject({
      hashVersion: 1,
      hashMatches: true,
      quoteMatches: true,
    });

    await expect(db.deleteFrom("agreements").execute()).rejects.toThrow(AGREEMENT_KEPT_MESSAGE);
    await expect(db.deleteFrom("quotes").execute()).rejects.toThrow(AGREEMENT_KEPT_MESSAGE);
    // Nor can a new agreement claim the older fingerprint, which does not cover who signed.
    await sql`insert into quotes (id, lead_id, token, package, lines, subtotal_cents, tax_cents, taxes, tax_province,
        total_cents, terms, status, expires_at, created_by, created_at, updated_at)
      select 'q2', lead_id, ${"u".repeat(43)}, package, lines, subtotal_cents, tax_cents, taxes, tax_province,
        total_cents, terms, status, expires_at, created_by, created_at, updated_at from quotes`.execute(db);
    await expect(
      db
        .insertInto("agreements")
        .values({ ...row, id: "ag2", quote_id: "q2", hash_version: 1 })
        .execute(),
    ).rejects.toThrow(AGREEMENT_VERSION_MESSAGE);
    expect(await db.selectFrom("agreements").select("id").execute()).toEqual([{ id: "ag1" }]);

    expect((await migratorUpTo(database, LAST).migrateTo("0030-calendar-sources")).error).toBeUndefined();
    expect(
      Object.keys(await db.selectFrom("agreements").selectAll().executeTakeFirstOrThrow()).sort(),
    ).not.toContain("signed_text");
  });
});
