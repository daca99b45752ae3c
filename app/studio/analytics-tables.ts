import { formatSiteDateTime } from "~/lib/site-time";

/**
 * The analytics page's tables, shared by the page and its CSV downloads
 * (server/analytics/downloads.server.ts) so both name and order columns alike.
 * Row shapes match server/analytics/dashboard.server.ts.
 */
type Figures = { value: string; visitors: number; visits: number; pageviews: number; bounces: number };
type Point = { bucket: string; visitors: number; pageviews: number };
type Funnel = {
  source: string;
  visits: number;
  inquiries: number;
  booked: number;
  noShows: number;
  quoted: number;
  accepted: number;
  revenueCents: number;
};
export type Column<R> = { header: string; value: (row: R) => string | number };

/** Bounced visits in percent, or a dash without visits. */
export const bouncePercent = (r: { visits: number; bounces: number }) =>
  r.visits === 0 ? "—" : `${Math.round((r.bounces / r.visits) * 100)}%`;

/** A chart bucket as the studio reads it: an hour (UTC start, "YYYY-MM-DDTHH") in Vancouver time, or a Vancouver day as is. */
export const bucketLabel = (bucket: string) =>
  bucket.length > 10 ? formatSiteDateTime(`${bucket}:00:00Z`) : bucket;

export const visitorsColumns: Column<Point>[] = [
  { header: "Period (Vancouver)", value: (p) => bucketLabel(p.bucket) },
  { header: "Visitors", value: (p) => p.visitors },
  { header: "Page views", value: (p) => p.pageviews },
];

const visitColumns = (first: string): Column<Figures>[] => [
  { header: first, value: (r) => r.value },
  { header: "Visitors", value: (r) => r.visitors },
  { header: "Visits", value: (r) => r.visits },
  { header: "Bounce rate", value: bouncePercent },
];

/** A stored device class (server/analytics/device.server.ts) as the studio reads it. */
const deviceLabel: Record<string, string> = { mobile: "Phone", tablet: "Tablet", desktop: "Desktop" };

/** Each list's filter as its chip names it ("Source is Google"). */
export const filterNames = {
  page: "Page",
  entry: "Entry page",
  referrer: "Referrer",
  campaign: "UTM campaign",
  demo: "Demo",
  source: "Source",
  device: "Device",
} as const;

/** A filter's value as its list's rows show it (a device class by its name). */
export const filterValueLabel = (list: keyof typeof filterNames, value: string) =>
  list === "device" ? (deviceLabel[value] ?? value) : value;

/** The top lists, in the page's order: what each counts, its title and columns. */
export const topTables = {
  page: {
    title: "Top pages",
    columns: [
      { header: "Page", value: (r) => r.value },
      { header: "Visitors", value: (r) => r.visitors },
      { header: "Page views", value: (r) => r.pageviews },
    ] as Column<Figures>[],
  },
  entry: { title: "Entry pages", columns: visitColumns("Entry page") },
  referrer: { title: "Referrers", columns: visitColumns("Referrer") },
  campaign: { title: "Campaigns", columns: visitColumns("UTM campaign") },
  demo: { title: "Demos (banner ref)", columns: visitColumns("Demo") },
  source: { title: "Sources", columns: visitColumns("Source") },
  device: {
    title: "Devices",
    columns: [
      { header: "Device", value: (r) => deviceLabel[r.value] ?? r.value },
      ...visitColumns("").slice(1),
    ] as Column<Figures>[],
  },
} as const;

export const funnelColumns: Column<Funnel>[] = [
  { header: "Source", value: (f) => f.source },
  { header: "Visits", value: (f) => f.visits },
  { header: "Inquiries", value: (f) => f.inquiries },
  { header: "Calls booked", value: (f) => f.booked },
  { header: "No-shows", value: (f) => f.noShows },
  { header: "Quotes sent", value: (f) => f.quoted },
  { header: "Accepted", value: (f) => f.accepted },
  { header: "Paid (CAD)", value: (f) => (f.revenueCents / 100).toFixed(2) },
];
