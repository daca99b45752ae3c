import { siteConfig } from "~/content/site";

import { isLoopbackSite, type AppConfig } from "./config.server";

/**
 * British Columbia is on UTC-7 all year since 2026 (IANA tz 2026a). A runtime with older
 * data (Node 20 bundles tz 2025c) formats Vancouver times an hour early from 2026-11-01
 * while visitors' browsers are right, so the server checks its data before it serves.
 */
export const TIME_ZONE_PROBES = [
  { instant: "2026-07-01T12:00:00Z", offsetMinutes: -420 },
  { instant: "2026-12-01T12:00:00Z", offsetMinutes: -420 },
] as const;

/** Minutes east of UTC of `timeZone` at `instant`, from the runtime's own data. */
export function utcOffsetMinutes(timeZone: string, instant: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((p) => p.type === "timeZoneName")?.value;
  // "GMT-07:00", or plain "GMT" at UTC itself.
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? "");
  if (!match) throw new Error(`Unexpected UTC offset "${name}" for ${timeZone}`);
  return match[1] ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const utc = (minutes: number) => `UTC${minutes < 0 ? "-" : "+"}${Math.abs(minutes) / 60}`;

/** What is wrong with the runtime's time-zone data for the studio's zone, or null when it is current. */
export function timeZoneDataProblem(
  offsetOf: (timeZone: string, instant: Date) => number = utcOffsetMinutes,
): string | null {
  const zone = siteConfig.timeZone;
  for (const probe of TIME_ZONE_PROBES) {
    const actual = offsetOf(zone, new Date(probe.instant));
    if (actual === probe.offsetMinutes) continue;
    return (
      `The runtime's time-zone data is out of date (Node ${process.version}, tz ${process.versions.tz ?? "unknown"}): ` +
      `it puts ${zone} at ${utc(actual)} on ${probe.instant.slice(0, 10)}, but British Columbia is on ${utc(probe.offsetMinutes)} all year since 2026 (IANA tz 2026a), ` +
      `so every time shown to the studio and to clients would be an hour off. Run the server on Node 24.21 or later (docs/deploy.md, "Runtime").`
    );
  }
  return null;
}

/**
 * Start-up policy: a real deployment (production on a public SITE_URL) refuses to start with
 * outdated data; development, tests and a production build on loopback (`npm start`, e2e,
 * benchmarks) start with a warning, so a machine on an older Node can still run them.
 */
export function timeZoneCheck(
  config: Pick<AppConfig, "NODE_ENV" | "SITE_URL">,
  problem = timeZoneDataProblem(),
): { refuse: boolean; message: string } | null {
  if (!problem) return null;
  return { refuse: config.NODE_ENV === "production" && !isLoopbackSite(config.SITE_URL), message: problem };
}
