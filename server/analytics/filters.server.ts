import { sql, type RawBuilder } from "kysely";
import { z } from "zod";

import { TOP_LISTS, type TopList } from "./dashboard-context.server";
import type { EventRow, VisitAttributes } from "./rollup.server";
import { KNOWN_SITES, siteOf, sourceOf } from "./source";

/**
 * The analytics page's filters (issue 41, decision 0059): a click on a row of a list keeps only
 * the visits with that value, one value per list, several lists combined (AND). They live in the
 * query string under the list's name (`?source=Google&device=mobile`), so a filter is a plain
 * link that survives a reload and Back. A visit matches by the values its rows count it under
 * (rollup.server.ts `aggregate`): its entry's referrer, campaign, demo, device and source (sources
 * and referrers by site, as the lists show them), the page it entered on, and for `page` any page
 * it viewed.
 */
export type Filters = Partial<Record<TopList, string>>;

const text = z.string().trim().min(1, "It is empty.").max(300, "It is longer than 300 characters.");
const path = text.refine((p) => p.startsWith("/"), "A page starts with “/”.");

/** Each list's filter value, as its rows name it. */
export const filterSchemas: Record<TopList, z.ZodType<string>> = {
  page: path,
  entry: path,
  referrer: text,
  campaign: text,
  demo: text,
  source: text,
  device: z.enum(["mobile", "tablet", "desktop"], { error: "A device is mobile, tablet or desktop." }),
};

/**
 * The filters a query string asks for; one that is not understood is left out and said why, the
 * others still apply. A list named twice keeps its first value; an empty one is no filter.
 */
export function parseFilters(params: URLSearchParams): { filters: Filters; errors: string[] } {
  const filters: Filters = {};
  const errors: string[] = [];
  for (const list of TOP_LISTS) {
    const raw = params.get(list);
    // An empty value is no filter (a form's blank field).
    if (raw === null || raw.trim() === "") continue;
    const parsed = filterSchemas[list].safeParse(raw);
    if (parsed.success) filters[list] = parsed.data;
    else
      errors.push(
        `The ${list} filter “${raw.slice(0, 60)}${raw.length > 60 ? "…" : ""}” was not applied: ${parsed.error.issues[0]?.message ?? "not understood."}`,
      );
  }
  return { filters, errors };
}

export const hasFilters = (filters: Filters) => Object.keys(filters).length > 0;

/** What a visit's rows are counted under, gathered from its events as `aggregate` gathers them. */
type VisitValues = { attributes: VisitAttributes; entryPath?: string; demoRef?: string; pages: Set<string> };

function visitsOf(events: EventRow[], entries: Map<string, VisitAttributes>) {
  const visits = new Map<string, VisitValues>();
  for (const e of events) {
    let visit = visits.get(e.visit);
    if (!visit) visits.set(e.visit, (visit = { attributes: entries.get(e.visit) ?? e, pages: new Set() }));
    if (e.entry === 1) {
      visit.attributes = e;
      visit.entryPath = e.path;
    }
    if (e.name === "pageview") {
      visit.pages.add(e.path);
      visit.demoRef ??= e.demo_ref ?? undefined;
    }
  }
  return visits;
}

function matches(visit: VisitValues, filters: Filters) {
  const a = { ...visit.attributes, demo_ref: visit.attributes.demo_ref ?? visit.demoRef ?? null };
  const valueOf: Record<Exclude<TopList, "page">, string | null | undefined> = {
    entry: visit.entryPath,
    referrer: a.referrer_host === null ? null : siteOf(a.referrer_host),
    campaign: a.utm_campaign,
    demo: a.demo_ref,
    source: siteOf(sourceOf(a)),
    device: a.device,
  };
  return (Object.entries(filters) as [TopList, string][]).every(([list, value]) =>
    list === "page" ? visit.pages.has(value) : valueOf[list] === value,
  );
}

/** The events of the visits that match every filter (a bucket's, with its earlier visits' entries). */
export function matchingEvents(events: EventRow[], entries: Map<string, VisitAttributes>, filters: Filters) {
  if (!hasFilters(filters)) return events;
  const visits = visitsOf(events, entries);
  const kept = new Set([...visits].filter(([, v]) => matches(v, filters)).map(([id]) => id));
  return events.filter((e) => kept.has(e.visit));
}

/**
 * A condition on `analytics_events` that keeps every event of each visit that can match the
 * filters in [from, to) (and, where it cannot tell, some that do not: `matchingEvents` decides),
 * so a filtered page reads the matching visits' events rather than the whole range's. A visit's
 * entry may be up to a day before the bucket, as `earlierEntries` looks it up.
 */
export function candidateVisits(filters: Filters, from: number, to: number): RawBuilder<boolean> | undefined {
  if (!hasFilters(filters)) return undefined;
  const [since, until] = [new Date(from - 86_400_000).toISOString(), new Date(to).toISOString()];
  const visitsWhere = (condition: RawBuilder<unknown>) =>
    sql`visit in (select visit from analytics_events where created_at >= ${since} and created_at < ${until} and ${condition})`;
  // The entry's conditions in one subquery (one pass on PostgreSQL, not one per list).
  const onEntry: RawBuilder<unknown>[] = [];
  const parts: RawBuilder<unknown>[] = [];
  for (const [list, value] of Object.entries(filters) as [TopList, string][]) {
    if (list === "page") parts.push(visitsWhere(sql`name = 'pageview' and path = ${value}`));
    if (list === "entry") onEntry.push(sql`path = ${value}`);
    if (list === "campaign") onEntry.push(sql`utm_campaign = ${value}`);
    if (list === "device") onEntry.push(sql`device = ${value}`);
    // The entry's ref, or a banner's later in the visit.
    if (list === "demo") parts.push(visitsWhere(sql`demo_ref = ${value}`));
    if (list === "referrer") onEntry.push(siteLike(sql`referrer_host`, value));
  }
  const entries = (...more: RawBuilder<unknown>[]) =>
    visitsWhere(sql.join([sql`entry = 1`, ...onEntry, ...more], sql` and `));
  if (filters.source) {
    const source = entries(
      siteLike(sql`coalesce(utm_source, demo_ref, referrer_host, 'direct')`, filters.source),
    );
    // A visit whose source is a demo banner clicked after its entry.
    const banner = visitsWhere(siteLike(sql`demo_ref`, filters.source));
    parts.push(
      onEntry.length > 0 ? sql`(${source} or (${entries()} and ${banner}))` : sql`(${source} or ${banner})`,
    );
  } else if (onEntry.length > 0) parts.push(entries());
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

/**
 * Values `siteOf` may name this site: those that contain its address, or for a known site one
 * of its names (google.ca and utm_source=Google contain "google"). Wider than `siteOf` (a "%"
 * or "_" in the value widens it too): the events are checked again one by one.
 */
function siteLike(column: RawBuilder<unknown>, site: string) {
  const names = Object.entries(KNOWN_SITES).flatMap(([name, known]) => (known === site ? [name] : []));
  const patterns = (names.length > 0 ? names : [site.toLowerCase()]).map((n) => `%${n}%`);
  return sql`(${sql.join(
    patterns.map((p) => sql`lower(${column}) like ${p}`),
    sql` or `,
  )})`;
}
