import { sql, type RawBuilder } from "kysely";

import { siteDayStart } from "~/lib/site-time";

import { notFlagged } from "../billing/flagged-refund";
import {
  addCalendarDays,
  daysOf,
  DIRECT,
  num,
  reader,
  type DashboardContext,
  type DayRange,
  type FunnelRow,
  type Reader,
  type Row,
} from "./dashboard-context.server";
import { top } from "./dashboard-figures.server";
import { siteOf } from "./source";

/**
 * Leads that arrived in the range, by source, and what has become of them since: a call
 * booked, a call the visitor did not come to (no-show), a quote sent, accepted, and the CAD paid on their quotes (from `payments`; money
 * kept only to be refunded, or refunded with a credit note, is not revenue). A lead's source is its own record's UTM source
 * or ref, else the referrer of the visit its inquiry goal was in; visits are the range's.
 */
export async function funnel(
  ctx: DashboardContext,
  range: DayRange,
  read = reader(ctx),
  visitsBySource?: Promise<Row[]>,
): Promise<FunnelRow[]> {
  const start = new Date(siteDayStart(range.from)).toISOString();
  const end = new Date(siteDayStart(addCalendarDays(range.to, 1))).toISOString();
  const leads = await filteredLeads(range, read);
  const [visits, { rows }] = await Promise.all([
    visitsBySource ?? top(ctx, "source", range, 0, read),
    leads?.length === 0
      ? { rows: [] }
      : leadsBySource(ctx, start, end, leads === undefined ? sql`` : sql`and i.id in (${sql.join(leads)})`),
  ]);

  const bySource = new Map<string, FunnelRow>();
  const row = (source: string) =>
    bySource.get(source) ??
    bySource
      .set(source, {
        source,
        visits: 0,
        inquiries: 0,
        booked: 0,
        noShows: 0,
        quoted: 0,
        accepted: 0,
        revenueCents: 0,
      })
      .get(source)!;
  for (const v of visits) row(siteOf(v.value)).visits += v.visits;
  // By site, as the visits are (google and google.com are one row): each source's figures added.
  for (const r of rows) {
    const f = row(siteOf(r.source));
    f.inquiries += num(r.inquiries);
    f.booked += num(r.booked);
    f.noShows += num(r.no_shows);
    f.quoted += num(r.quoted);
    f.accepted += num(r.accepted);
    f.revenueCents += num(r.revenue);
  }
  // Under a source filter the funnel is that source's row: its leads are those of that source.
  const shown = [...bySource.values()].filter(
    (r) => !read.filters.source || r.source === read.filters.source,
  );
  return shown.sort(
    (a, b) =>
      b.revenueCents - a.revenueCents ||
      b.inquiries - a.inquiries ||
      b.visits - a.visits ||
      (a.source < b.source ? -1 : 1),
  );
}

/**
 * Under filters other than the source, the leads whose inquiry was sent in a matching visit in
 * the range (their goal events); undefined when every lead of the range counts.
 */
async function filteredLeads(range: DayRange, read: Reader) {
  if (!Object.keys(read.filters).some((list) => list !== "source")) return undefined;
  const days = await Promise.all(daysOf(range).map(read.filteredOf));
  return [...new Set(days.flatMap((d) => d.leads))];
}

/** The leads that arrived in [start, end) by source (`only`: a further condition on the lead `i`), and what became of them. */
function leadsBySource(ctx: DashboardContext, start: string, end: string, only: RawBuilder<unknown>) {
  // Joins to grouped tables, not a subquery per lead: one pass over each table, hashed.
  return sql<{
    source: string;
    inquiries: unknown;
    booked: unknown;
    no_shows: unknown;
    quoted: unknown;
    accepted: unknown;
    revenue: unknown;
  }>`
      select coalesce(i.utm_source, i.ref, g.referrer_host, ${sql.lit(DIRECT)}) as source, count(*) as inquiries,
        coalesce(sum(b.booked), 0) as booked, coalesce(sum(n.no_show), 0) as no_shows, coalesce(sum(q.quoted), 0) as quoted, coalesce(sum(q.accepted), 0) as accepted, coalesce(sum(p.revenue), 0) as revenue
      from leads i
      left join (select lead_id, max(referrer_host) as referrer_host from analytics_events where lead_id is not null and name = 'inquiry' group by lead_id) g on g.lead_id = i.id
      left join (select lead_id, 1 as booked from bookings where status <> 'cancelled' group by lead_id) b on b.lead_id = i.id
      left join (select lead_id, 1 as no_show from bookings where status = 'no-show' group by lead_id) n on n.lead_id = i.id
      left join (
        select lead_id, max(case when sent_at is not null then 1 else 0 end) as quoted, max(case when accepted_at is not null then 1 else 0 end) as accepted
        from quotes group by lead_id
      ) q on q.lead_id = i.id
      left join (
        select lead_id, sum(amount_cents - refunded_cents) as revenue from payments
        where lead_id is not null and status = 'paid' and ${notFlagged} and lower(currency) = 'cad' group by lead_id
      ) p on p.lead_id = i.id
      where i.created_at >= ${start} and i.created_at < ${end} and i.quarantine_reason is null ${only}
      group by 1`.execute(ctx.db);
}
