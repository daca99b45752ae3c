import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { LeadStatus } from "../../server/db/schema";
import { createLeadPrivacy, monthsBefore, PURGE_BATCH } from "../../server/leads/privacy.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";

const iso = (s: string) => new Date(s).toISOString();

describe("monthsBefore", () => {
  it("lands on the same day, or on the last day of a shorter month, at the same time", () => {
    const cases: [string, number, string][] = [
      ["2027-03-31T12:00:00.000Z", 1, "2027-02-28T12:00:00.000Z"],
      ["2028-03-31T12:00:00.000Z", 1, "2028-02-29T12:00:00.000Z"],
      ["2027-03-29T08:30:00.000Z", 1, "2027-02-28T08:30:00.000Z"],
      ["2027-03-28T12:00:00.000Z", 1, "2027-02-28T12:00:00.000Z"],
      ["2027-01-31T00:00:00.000Z", 1, "2026-12-31T00:00:00.000Z"],
      ["2026-05-31T23:59:59.999Z", 24, "2024-05-31T23:59:59.999Z"],
      ["2028-02-29T12:00:00.000Z", 12, "2027-02-28T12:00:00.000Z"],
      ["2027-07-31T12:00:00.000Z", 5, "2027-02-28T12:00:00.000Z"],
    ];
    for (const [now, months, expected] of cases)
      expect(monthsBefore(Date.parse(now), months).toISOString(), `${now} - ${months}`).toBe(expected);
  });
});

describe(`retention purge on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  /** A lead received at `receivedAt`, moved to `status` at `closedAt` (a timeline row, as the studio or a paid quote records it). */
  async function lead(name: string, status: LeadStatus, receivedAt: string, closedAt?: string) {
    const id = randomUUID();
    await database.db
      .insertInto("leads")
      .values({
        id,
        first_name: "A",
        last_name: name,
        email: `${name}@example.com`,
        project_type: "basic",
        message: "A site, please.",
        source: "api",
        created_at: iso(receivedAt),
        status,
        search_text: "",
      })
      .execute();
    if (closedAt) {
      await database.db
        .insertInto("lead_activity")
        .values({
          id: randomUUID(),
          lead_id: id,
          kind: "status",
          from_status: "quoted",
          to_status: status,
          body: null,
          actor_email: "owner@example.com",
          created_at: iso(closedAt),
        })
        .execute();
    }
    return id;
  }
  const left = async () =>
    (await database.db.selectFrom("leads").select("last_name").orderBy("last_name").execute()).map(
      (r) => r.last_name,
    );
  const purgeAt = (now: string, months: number) =>
    createLeadPrivacy({ database, now: () => Date.parse(now) }).purgeClosed(months);

  it("keeps a closed lead a full month after it was closed, at month ends and in a leap year", async () => {
    // Closed on Jan 31 with one month's retention: kept through Feb 28, gone on Mar 1.
    await lead("jan31", "won", "2027-01-05T09:00:00Z", "2027-01-31T12:00:00Z");
    expect(await purgeAt("2027-02-28T12:00:00Z", 1)).toBe(0);
    expect(await purgeAt("2027-03-01T12:00:00Z", 1)).toBe(1);

    // Closed Feb 28 and Mar 2: on Mar 31, a month back is Feb 28, not "Feb 31" = Mar 3.
    await lead("feb28", "lost", "2027-02-01T09:00:00Z", "2027-02-28T12:00:00Z");
    await lead("mar02", "won", "2027-02-01T09:00:00Z", "2027-03-02T12:00:00Z");
    expect(await purgeAt("2027-03-31T12:00:00Z", 1)).toBe(0);
    expect(await left()).toEqual(["feb28", "mar02"]);
    // One millisecond past the cut-off.
    expect(await purgeAt("2027-03-31T12:00:00.001Z", 1)).toBe(1);
    expect(await left()).toEqual(["mar02"]);

    // Feb 29 in a leap year: kept on Mar 29 at the same time, gone a millisecond later.
    await lead("feb29", "won", "2028-02-01T09:00:00Z", "2028-02-29T12:00:00Z");
    expect(await purgeAt("2028-03-29T12:00:00Z", 1)).toBe(1); // mar02, long past
    expect(await left()).toEqual(["feb29"]);
    expect(await purgeAt("2028-03-29T12:00:00.001Z", 1)).toBe(1);
    expect(await left()).toEqual([]);
  });

  it("counts from the lead's last step, not from when it came in; open leads stay however old", async () => {
    // Received three years ago, won last week: the client is kept 24 months from the win.
    await lead("long-project", "won", "2023-01-10T09:00:00Z", "2026-01-08T12:00:00Z");
    // Closed long ago, then a note last month: the note is a step too.
    const noted = await lead("noted", "lost", "2023-01-10T09:00:00Z", "2023-02-01T12:00:00Z");
    await database.db
      .insertInto("lead_activity")
      .values({
        id: randomUUID(),
        lead_id: noted,
        kind: "note",
        from_status: null,
        to_status: null,
        body: "Asked again.",
        actor_email: "owner@example.com",
        created_at: iso("2025-12-15T12:00:00Z"),
      })
      .execute();
    await lead("old-open", "contacted", "2020-01-01T09:00:00Z");
    // Won or lost with no timeline (set before the timeline existed): counted from when it came in.
    await lead("old-closed", "won", "2023-06-01T09:00:00Z");
    expect(await purgeAt("2026-01-15T12:00:00Z", 24)).toBe(1);
    expect(await left()).toEqual(["long-project", "noted", "old-open"]);
  });

  it("purges more closed leads than one batch in a single run", async () => {
    const count = PURGE_BATCH + 7;
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      first_name: "A",
      last_name: `old${String(i).padStart(4, "0")}`,
      email: `old${i}@example.com`,
      project_type: "basic",
      message: "A site, please.",
      source: "api",
      created_at: iso("2020-01-01T00:00:00Z"),
      status: "lost" as const,
      search_text: "",
    }));
    for (let i = 0; i < rows.length; i += 200)
      await database.db
        .insertInto("leads")
        .values(rows.slice(i, i + 200))
        .execute();
    await lead("open", "new", "2020-01-01T00:00:00Z");
    expect(await purgeAt("2026-01-15T12:00:00Z", 24)).toBe(count);
    expect(await left()).toEqual(["open"]);
  });

  it("purges a closed lead with a paid quote: the quote, timeline and emails about the person go; the payments stay for the accounts, unlinked", async () => {
    const id = await lead("client", "won", "2023-01-10T09:00:00Z", "2023-03-01T12:00:00Z");
    const quoteId = randomUUID();
    const at = iso("2023-02-01T12:00:00Z");
    await database.db
      .insertInto("quotes")
      .values({
        id: quoteId,
        lead_id: id,
        token: randomUUID(),
        package: "pro",
        lines: JSON.stringify([{ label: "Pro Website", amountCents: 100000 }]),
        subtotal_cents: 100000,
        tax_label: null,
        tax_basis_points: null,
        tax_cents: 0,
        taxes: "[]",
        tax_province: "BC",
        total_cents: 100000,
        deposit_percent: 50,
        deposit_cents: 50000,
        terms: "Half now, half at launch.",
        status: "paid",
        expires_at: at,
        sent_at: at,
        viewed_at: at,
        accepted_at: at,
        deposit_paid_at: at,
        balance_requested_at: at,
        paid_at: at,
        withdrawn_at: null,
        created_by: "owner@example.com",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const payment = (kind: "deposit" | "balance") => ({
      id: randomUUID(),
      package: "pro" as const,
      amount_cents: 50000,
      currency: "cad",
      status: "paid" as const,
      provider: "sandbox" as const,
      provider_session_id: `cs_${kind}`,
      idempotency_key: randomUUID(),
      failure_reason: null,
      created_at: at,
      updated_at: at,
      paid_at: at,
      failed_at: null,
      last_checked_at: null,
      quote_id: quoteId,
      lead_id: id,
      kind,
    });
    const payments = [payment("deposit"), payment("balance")];
    await database.db.insertInto("payments").values(payments).execute();
    const outbox = (subject_type: string, subject_id: string, channel: string) => ({
      id: randomUUID(),
      subject_type,
      subject_id,
      channel,
      status: "delivered" as const,
      attempts: 1,
      next_attempt_at: at,
      created_at: at,
    });
    await database.db
      .insertInto("outbox")
      .values([
        outbox("inquiry", id, "inquiry-email"),
        outbox("inquiry", id, "inquiry-ack-email"),
        outbox("quote", quoteId, "quote-email"),
        ...payments.flatMap((p) => [
          outbox("payment", p.id, "receipt-email"),
          outbox("payment", p.id, "payment-email"),
        ]),
      ])
      .execute();
    await database.db
      .insertInto("lead_activity")
      .values({
        id: randomUUID(),
        lead_id: id,
        kind: "quote-paid",
        from_status: null,
        to_status: null,
        body: "Q-1 paid",
        actor_email: "client",
        created_at: at,
      })
      .execute();

    expect(await purgeAt("2026-01-15T12:00:00Z", 24)).toBe(1);
    expect(await left()).toEqual([]);
    expect(await database.db.selectFrom("quotes").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("lead_activity").selectAll().execute()).toEqual([]);
    // Payments are accounting records (amount, package, status, times): kept, with no link to the person.
    const kept = await database.db
      .selectFrom("payments")
      .select(["id", "kind", "amount_cents", "status", "paid_at", "quote_id", "lead_id"])
      .orderBy("kind")
      .execute();
    expect(kept).toEqual([
      {
        id: payments[1]!.id,
        kind: "balance",
        amount_cents: 50000,
        status: "paid",
        paid_at: at,
        quote_id: null,
        lead_id: null,
      },
      {
        id: payments[0]!.id,
        kind: "deposit",
        amount_cents: 50000,
        status: "paid",
        paid_at: at,
        quote_id: null,
        lead_id: null,
      },
    ]);
    // The studio's own "payment received" notices name no client and stay with their payments; the receipts go.
    const emails = await database.db
      .selectFrom("outbox")
      .select(["subject_id", "channel"])
      .orderBy("subject_id")
      .execute();
    expect(emails.map((e) => e.channel)).toEqual(["payment-email", "payment-email"]);
  });
});
