import { randomUUID } from "node:crypto";
import type { Insertable } from "kysely";

import type { AppDatabase } from "../../server/db/database.server";
import type { LeadStatus, QuoteTable } from "../../server/db/schema";

/**
 * Leads and quotes written straight into a test database in a chosen state (a balance
 * requested 7 days ago, a lead New for 20 hours), for the features that read those
 * states: reminders and the studio's home.
 */
export function dealRows(database: AppDatabase, defaults: { now: number }) {
  const { db } = database;
  const DAY = 24 * 60 * 60_000;

  async function lead(
    fields: {
      email?: string;
      lastName?: string;
      createdAt?: number;
      status?: LeadStatus;
      quarantined?: boolean;
    } = {},
  ) {
    const id = randomUUID();
    await db
      .insertInto("leads")
      .values({
        id,
        first_name: "Ada",
        last_name: fields.lastName ?? "Lovelace",
        email: fields.email ?? `ada-${id.slice(0, 6)}@example.com`,
        phone: null,
        company: null,
        project_type: "pro",
        budget: null,
        timeline: null,
        message: "A five-page site for our workshop.",
        source: "api",
        created_at: new Date(fields.createdAt ?? defaults.now - 30 * DAY).toISOString(),
        status: fields.status ?? "quoted",
        quarantine_reason: fields.quarantined ? "honeypot" : null,
        search_text: "ada lovelace",
      })
      .execute();
    return id;
  }

  /** A 2,000.00 CAD quote with a 50% deposit, sent 20 days before `now` and valid 10 days after it, unless `fields` say otherwise. */
  async function quote(leadId: string, fields: Partial<Insertable<QuoteTable>> = {}) {
    const id = randomUUID();
    const at = new Date(defaults.now - 20 * DAY).toISOString();
    const nulls = {
      viewed_at: null,
      accepted_at: null,
      deposit_paid_at: null,
      balance_requested_at: null,
      paid_at: null,
      withdrawn_at: null,
      request_key: null,
      tax_label: null,
      tax_basis_points: null,
    };
    await db
      .insertInto("quotes")
      .values({
        ...nulls,
        id,
        lead_id: leadId,
        token: randomUUID(),
        package: "pro",
        lines: "[]",
        subtotal_cents: 200_000,
        tax_cents: 0,
        taxes: "[]",
        tax_province: "BC",
        total_cents: 200_000,
        deposit_percent: 50,
        deposit_cents: 100_000,
        terms: "Half now, half at launch.",
        status: "sent",
        expires_at: new Date(defaults.now + 10 * DAY).toISOString(),
        sent_at: at,
        created_by: "owner@example.com",
        created_at: at,
        updated_at: at,
        ...fields,
      })
      .execute();
    return id;
  }

  return { lead, quote };
}
