/**
 * `npm run analytics:seed -- [--events N] [--days D]`: fills the configured database
 * (DATABASE_URL or DATABASE_PATH, migrated first) with N page views (default 1,000,000)
 * over the last D days (default 90, the raw events' lifetime), rolled up as the job would
 * have (its last pass a minute ago), and a few thousand leads with quotes and payments
 * for the funnel. For trying the dashboard with traffic and for scripts/analytics-timing.ts.
 *
 * Events are generated inside the database (a recursive CTE on SQLite, generate_series on
 * PostgreSQL) in batches; the roll-up job (server/analytics/rollup.server.ts) then rolls them up.
 */
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { sql, type Insertable } from "kysely";

import { createRollups } from "../server/analytics/rollup.server";
import { loadConfig } from "../server/config.server";
import {
  databaseOptionsFromConfig,
  migrateToLatest,
  openDatabase,
  type AppDatabase,
} from "../server/db/database.server";
import type { PaymentTable, QuoteTable } from "../server/db/schema";

const BATCH_VISITS = 200_000;
/** A visit has 1 to 4 page views (2.5 on average): a quarter of visits bounce. */
const VIEWS_PER_VISIT = 2.5;

export async function seedAnalytics(
  database: AppDatabase,
  {
    events,
    days = 90,
    now = Date.now(),
    log = (_: string) => {},
  }: { events: number; days?: number; now?: number; log?: (line: string) => void },
) {
  const visits = Math.max(1, Math.round(events / VIEWS_PER_VISIT));
  const start = Math.floor(now / 1000) - days * 86_400;
  // Seconds between visit starts, so the last visit starts a minute before `now`.
  const step = (days * 86_400 - 60) / visits;
  const postgres = database.kind === "postgres";
  const started = performance.now();
  for (let from = 0; from < visits; from += BATCH_VISITS) {
    const to = Math.min(visits, from + BATCH_VISITS) - 1;
    await insertEvents(database, postgres, from, to, start, step);
    log(`  events: visits ${to + 1}/${visits} (${Math.round(performance.now() - started)} ms)`);
  }
  // Index-only scans on PostgreSQL need the visibility map a vacuum writes (autovacuum does it in service).
  if (postgres) await sql`vacuum analyze analytics_events`.execute(database.db);
  // The roll-up job itself, as it last ran a minute ago (it runs every minute): the dashboard
  // then reads today from its roll-up plus a minute of raw events, its slowest case.
  const rolled = performance.now();
  await createRollups({ database, now: () => now - 60_000 }).run();
  log(`  roll-ups: ${Math.round(performance.now() - rolled)} ms`);
  await seedLeads(database, start, now);
  if (postgres) await sql`analyze`.execute(database.db);
}

/**
 * Visits `from`..`to` and their page views, made by the database itself. A visit j starts at
 * start + j*step; its visitor is shared with the next visit; its first page view is its entry
 * and carries its referrer, UTM values or demo ref.
 */
async function insertEvents(
  database: AppDatabase,
  postgres: boolean,
  from: number,
  to: number,
  start: number,
  step: number,
) {
  const columns = sql.raw(
    "created_at, visitor, visit, name, path, entry, referrer_host, utm_source, utm_medium, utm_campaign, demo_ref, device",
  );
  const values = (at: string, hex: (v: string, width: number) => string) =>
    sql.raw(`
      ${at}, ${hex("j / 2", 32)}, ${hex("j", 40)}, 'pageview',
      case when (j * 7 + k) % 40 < 8 then '/demo/d' || ((j + k) % 8) else '/p' || ((j * 7 + k) % 40) end,
      case when k = 0 then 1 else 0 end,
      case when k > 0 then null when j % 5 = 0 then 'google.com' when j % 5 = 1 then 'r' || (j % 500) || '.example' else null end,
      case when k = 0 and j % 7 = 0 then 'newsletter' end,
      case when k = 0 and j % 7 = 0 then 'email' end,
      case when k = 0 and j % 7 = 0 then 'c' || (j % 20) end,
      case when k = 0 and j % 11 = 0 then 'demo-' || (j % 8) end,
      case j % 3 when 0 then 'mobile' when 1 then 'desktop' else 'tablet' end`);
  if (postgres) {
    const at = `to_char(to_timestamp(${start} + j * ${step} + k * 30) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await sql`insert into analytics_events (${columns})
      select ${values(at, (v, w) => `lpad(to_hex(${v}), ${w}, '0')`)}
      from generate_series(${from}::bigint, ${to}::bigint) as j cross join generate_series(0, 3) as k
      where k <= j % 4`.execute(database.db);
  } else {
    const at = `strftime('%Y-%m-%dT%H:%M:%fZ', ${start} + j * ${step} + k * 30, 'unixepoch')`;
    await sql`insert into analytics_events (${columns})
      with recursive s(j) as (select cast(${from} as integer) union all select j + 1 from s where j < ${to}), n(k) as (values (0), (1), (2), (3))
      select ${values(at, (v, w) => `printf('%0${w}x', ${v})`)}
      from s cross join n where k <= j % 4`.execute(database.db);
  }
}

/** Leads over the period (one in 500 visits writes), a third with a sent quote, a third of those accepted and paid. */
async function seedLeads(database: AppDatabase, start: number, now: number) {
  const count = 5_000;
  const sources: { utm_source?: string; ref?: string }[] = [
    { utm_source: "newsletter" },
    { ref: "demo-3" },
    {},
    { utm_source: "google" },
  ];
  for (let offset = 0; offset < count; offset += 500) {
    const leads = [];
    const quotes: Insertable<QuoteTable>[] = [];
    const payments: Insertable<PaymentTable>[] = [];
    for (let i = offset; i < Math.min(count, offset + 500); i++) {
      const id = randomUUID();
      const at = new Date((start + ((now / 1000 - start) * i) / count) * 1000).toISOString();
      leads.push({
        id,
        first_name: "Seed",
        last_name: `Lead${i}`,
        email: `seed${i}@example.com`,
        project_type: "basic",
        message: "Seeded for analytics timing.",
        source: "api",
        created_at: at,
        search_text: "",
        ...sources[i % sources.length],
      });
      if (i % 3 !== 0) continue;
      const accepted = i % 9 === 0;
      quotes.push(quoteRow(id, at, accepted));
      if (accepted) payments.push(paymentRow(id, at, 100_000));
    }
    await database.db.insertInto("leads").values(leads).execute();
    if (quotes.length) await database.db.insertInto("quotes").values(quotes).execute();
    if (payments.length) await database.db.insertInto("payments").values(payments).execute();
  }
}

/** A sent quote of 1,000 CAD for a lead, accepted (and paid) or not: what the funnel counts. */
export function quoteRow(inquiryId: string, at: string, accepted: boolean): Insertable<QuoteTable> {
  return {
    id: randomUUID(),
    lead_id: inquiryId,
    token: randomUUID(),
    package: "pro",
    lines: "[]",
    subtotal_cents: 100_000,
    tax_label: null,
    tax_basis_points: null,
    tax_cents: 0,
    taxes: "[]",
    tax_province: "BC",
    total_cents: 100_000,
    deposit_percent: null,
    deposit_cents: null,
    terms: "",
    status: accepted ? "paid" : "sent",
    expires_at: at,
    sent_at: at,
    viewed_at: null,
    accepted_at: accepted ? at : null,
    deposit_paid_at: null,
    balance_requested_at: null,
    paid_at: accepted ? at : null,
    withdrawn_at: null,
    created_by: "seed@example.com",
    created_at: at,
    updated_at: at,
  };
}

/** A sandbox payment of a lead's quote, paid in CAD unless `extra` says otherwise. */
export function paymentRow(
  inquiryId: string,
  at: string,
  cents: number,
  extra: Partial<Insertable<PaymentTable>> = {},
): Insertable<PaymentTable> {
  return {
    id: randomUUID(),
    package: "pro",
    amount_cents: cents,
    currency: "cad",
    status: "paid",
    provider: "sandbox",
    provider_session_id: null,
    idempotency_key: randomUUID(),
    failure_reason: null,
    created_at: at,
    updated_at: at,
    paid_at: at,
    failed_at: null,
    lead_id: inquiryId,
    ...extra,
  };
}

/** `--name value` from the command line, as a positive integer. */
export function intArg(name: string, fallback: number) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} takes a positive whole number.`);
  return value;
}

async function main() {
  const events = intArg("events", 1_000_000);
  const days = intArg("days", 90);
  const database = openDatabase(databaseOptionsFromConfig(loadConfig()));
  try {
    await migrateToLatest(database);
    const t = performance.now();
    await seedAnalytics(database, { events, days, log: console.log });
    console.log(
      `seeded about ${events.toLocaleString("en-CA")} page views over ${days} days in ${Math.round(performance.now() - t)} ms`,
    );
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
