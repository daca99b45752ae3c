import { afterEach, describe, expect, it } from "vitest";

import { formatTime } from "~/studio/guard";

import {
  formatSiteDate,
  formatSiteDateTime,
  formatSiteDateTimeWithZone,
  siteDay,
  siteDayStart,
  siteYear,
} from "./site-time";

// British Columbia is on UTC-7 all year since 2026 (IANA tz 2026a): before and after
// 2026-11-01 alike. Runtimes with older data (Node 20, tz 2025c) read an hour early after it.
describe("times in Vancouver, for the studio and for clients", () => {
  const defaultZone = process.env.TZ;
  afterEach(() => {
    if (defaultZone === undefined) delete process.env.TZ;
    else process.env.TZ = defaultZone;
  });

  it("reads a lead received at 2:48 in Vancouver as 2:48 on both sides of 2026-11-01", () => {
    expect(formatSiteDateTime("2026-10-31T09:48:00Z")).toBe("Oct 31, 2026, 2:48 a.m.");
    expect(formatSiteDateTime("2026-11-02T09:48:00Z")).toBe("Nov 2, 2026, 2:48 a.m.");
    // The studio's pages format through the same clock.
    expect(formatTime("2026-11-02T09:48:00Z")).toBe("Nov 2, 2026, 2:48 a.m.");
    expect(formatTime(null)).toBe("—");
  });

  it("dates a quote by Vancouver's calendar just after midnight under the new rule", () => {
    // 00:30 in Vancouver (UTC-7); the old rule (UTC-8) made it the evening before.
    expect(formatSiteDate("2026-11-02T07:30:00Z")).toBe("November 2, 2026");
    expect(formatSiteDate(new Date("2026-10-31T09:48:00Z"))).toBe("October 31, 2026");
  });

  it("numbers and exports documents by Vancouver's day and year, not UTC's", () => {
    // 23:30 on New Year's Eve in Vancouver (UTC-7) is already 2027 in UTC.
    expect(siteYear("2027-01-01T06:30:00.000Z")).toBe(2026);
    expect(siteYear("2027-01-01T07:00:00.000Z")).toBe(2027);
    expect(siteDay("2026-12-01T06:59:59.000Z")).toBe("2026-11-30");
    expect(new Date(siteDayStart("2026-12-01")).toISOString()).toBe("2026-12-01T07:00:00.000Z");
    // Before the 2026 rule, a winter day began at 08:00 UTC (PST) and a summer one at 07:00 (PDT).
    expect(new Date(siteDayStart("2025-12-01")).toISOString()).toBe("2025-12-01T08:00:00.000Z");
    expect(new Date(siteDayStart("2025-07-01")).toISOString()).toBe("2025-07-01T07:00:00.000Z");
  });

  it("names the zone of a time sent by email (an account's security notice)", () => {
    expect(formatSiteDateTimeWithZone("2026-11-02T09:48:00Z")).toBe(
      "November 2, 2026 at 2:48 a.m. Pacific Time",
    );
  });

  it("shows a visitor in Los Angeles Vancouver's time across the US change of 2027-03-14", () => {
    // The runtime's own zone is the visitor's: the formatted times must not follow it.
    process.env.TZ = "America/Los_Angeles";
    const losAngeles = new Intl.DateTimeFormat("en-CA", { timeStyle: "short" });
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe("America/Los_Angeles");
    // Los Angeles goes from UTC-8 to UTC-7 at 10:00Z; Vancouver stays at UTC-7.
    expect(losAngeles.format(new Date("2027-03-14T09:48:00Z"))).toBe("1:48 a.m.");
    expect(formatSiteDateTime("2027-03-14T09:48:00Z")).toBe("Mar 14, 2027, 2:48 a.m.");
    expect(losAngeles.format(new Date("2027-03-14T10:48:00Z"))).toBe("3:48 a.m.");
    expect(formatSiteDateTime("2027-03-14T10:48:00Z")).toBe("Mar 14, 2027, 3:48 a.m.");
    // A quote valid until 00:30 on the 14th in Vancouver is the 13th in Los Angeles.
    expect(formatSiteDate("2027-03-14T07:30:00Z")).toBe("March 14, 2027");
  });
});
