import { afterAll, describe, expect, it } from "vitest";

import { bookingCalendar, zoneDateTime, zoneLabel } from "~/lib/zone-time";

import { openTestDatabase } from "../../tests/helpers/databases";
import {
  DEFAULT_BOOKING_SETTINGS,
  nearestSlots,
  openSlots,
  readSettings,
  siteDateOf,
  slotProblem,
  type BookingSettings,
} from "./availability.server";

// Tuesday 2026-12-01, 08:00 in Vancouver (UTC-7): 15:00Z.
const now = Date.parse("2026-12-01T15:00:00Z");
const settings: BookingSettings = { ...DEFAULT_BOOKING_SETTINGS, minNoticeMinutes: 0 };
const call = (starts_at: string, status: "booked" | "held" | "cancelled" = "booked") => ({
  starts_at,
  ends_at: new Date(Date.parse(starts_at) + 30 * 60_000).toISOString(),
  status,
});

describe("openSlots", () => {
  it("defaults to the business hours the site shows, in Vancouver time (UTC-7), on the half hour", () => {
    const slots = openSlots({ settings, bookings: [], now, days: 1 });
    // Tuesday 09:00-18:00 Vancouver = 16:00Z-01:00Z next day: 18 slots, the last starting 17:30 Vancouver.
    expect(slots).toHaveLength(18);
    expect(slots[0]).toBe("2026-12-01T16:00:00Z");
    expect(slots.at(-1)).toBe("2026-12-02T00:30:00Z");
    expect(DEFAULT_BOOKING_SETTINGS.minNoticeMinutes).toBe(12 * 60);
  });

  it("keeps Saturday's shorter hours and no Sunday, over 14 Vancouver days", () => {
    const slots = openSlots({ settings, bookings: [], now, days: 14 });
    const byDay = new Map<string, number>();
    for (const s of slots) byDay.set(siteDateOf(s), (byDay.get(siteDateOf(s)) ?? 0) + 1);
    expect(byDay.get("2026-12-05")).toBe(12); // Saturday 10:00-16:00
    expect(byDay.has("2026-12-06")).toBe(false); // Sunday
    expect(byDay.has("2026-12-15")).toBe(false); // day 15 is outside the window
    expect([...byDay.keys()].at(-1)).toBe("2026-12-14");
  });

  it("applies the minimum notice, taken slots, buffers, days off and the daily maximum", () => {
    const notice = openSlots({
      settings: { ...settings, minNoticeMinutes: 12 * 60 },
      bookings: [],
      now,
      days: 2,
    });
    expect(notice[0]).toBe("2026-12-02T16:00:00Z"); // 12 h after 08:00 is 20:00: tomorrow 09:00 first

    const taken = openSlots({ settings, bookings: [call("2026-12-01T17:00:00Z")], now, days: 1 });
    expect(taken).not.toContain("2026-12-01T17:00:00Z");
    expect(taken).toContain("2026-12-01T17:30:00Z");

    const cancelled = openSlots({
      settings,
      bookings: [call("2026-12-01T17:00:00Z", "cancelled")],
      now,
      days: 1,
    });
    expect(cancelled).toContain("2026-12-01T17:00:00Z");

    const buffered = openSlots({
      settings: { ...settings, bufferMinutes: 15 },
      bookings: [call("2026-12-01T17:00:00Z", "held")],
      now,
      days: 1,
    });
    expect(buffered).not.toContain("2026-12-01T16:30:00Z");
    expect(buffered).not.toContain("2026-12-01T17:30:00Z");
    expect(buffered).toContain("2026-12-01T18:00:00Z");

    const off = openSlots({ settings: { ...settings, daysOff: ["2026-12-01"] }, bookings: [], now, days: 2 });
    expect(off.every((s) => siteDateOf(s) === "2026-12-02")).toBe(true);

    const full = openSlots({
      settings: { ...settings, dailyMax: 1 },
      bookings: [call("2026-12-01T20:00:00Z")],
      now,
      days: 2,
    });
    expect(full.every((s) => siteDateOf(s) === "2026-12-02")).toBe(true);
  });

  it("counts a Vancouver evening call on the Vancouver day, not the UTC day", () => {
    // 17:30 Vancouver on Dec 1 is 00:30Z on Dec 2.
    expect(siteDateOf("2026-12-02T00:30:00Z")).toBe("2026-12-01");
    const full = openSlots({
      settings: { ...settings, dailyMax: 1 },
      bookings: [call("2026-12-02T00:30:00Z")],
      now,
      days: 2,
    });
    expect(full[0]).toBe("2026-12-02T16:00:00Z");
  });
});

describe("the studio's calendars in openSlots", () => {
  const at = (iso: string) => Date.parse(iso);
  it("a busy time removes exactly the slots it overlaps; touching ones stay", () => {
    // 10:15-11:00 Vancouver (17:15Z-18:00Z) overlaps the 10:00 and 10:30 slots only.
    const busy = [[at("2026-12-01T17:15:00Z"), at("2026-12-01T18:00:00Z")]] as const;
    const all = openSlots({ settings, bookings: [], now, days: 1 });
    const open = openSlots({ settings, bookings: [], now, days: 1, busy });
    expect(all.filter((s) => !open.includes(s))).toEqual(["2026-12-01T17:00:00Z", "2026-12-01T17:30:00Z"]);
    expect(open).toContain("2026-12-01T16:30:00Z");
    expect(open).toContain("2026-12-01T18:00:00Z");
    expect(slotProblem("2026-12-01T17:00:00Z", { settings, bookings: [], now, days: 1, busy })).toBe("taken");
  });

  it("offers nothing when a calendar cannot be vouched for (null), and says why a slot is refused", () => {
    expect(openSlots({ settings, bookings: [], now, days: 14, busy: null })).toEqual([]);
    expect(slotProblem("2026-12-02T17:00:00Z", { settings, bookings: [], now, busy: null })).toBe("calendar");
  });
});

describe("slotProblem", () => {
  const query = { settings, bookings: [call("2026-12-01T17:00:00Z")], now };
  it("names what is wrong with a slot, and nothing for an open one", () => {
    expect(slotProblem("2026-12-01T17:30:00Z", query)).toBeNull();
    expect(slotProblem("2026-12-01T17:30:00.000Z", query)).toBeNull();
    expect(slotProblem("tomorrow", query)).toBe("invalid");
    expect(slotProblem("2026-12-01T17:30:00+01:00", query)).toBe("invalid");
    expect(slotProblem("2026-11-30T17:00:00Z", query)).toBe("past");
    expect(slotProblem("2026-12-01T17:10:00Z", query)).toBe("off-grid");
    expect(slotProblem("2026-12-01T17:00:00Z", query)).toBe("taken");
    expect(slotProblem("2026-12-01T05:00:00Z", { ...query, now: Date.parse("2026-11-30T00:00:00Z") })).toBe(
      "outside-hours",
    );
    expect(slotProblem("2026-12-06T18:00:00Z", query)).toBe("outside-hours"); // Sunday
    expect(slotProblem("2026-12-20T18:00:00Z", query)).toBe("too-far");
    expect(
      slotProblem("2026-12-01T16:00:00Z", { ...query, settings: { ...settings, minNoticeMinutes: 12 * 60 } }),
    ).toBe("too-soon");
    expect(
      slotProblem("2026-12-02T18:00:00Z", { ...query, settings: { ...settings, daysOff: ["2026-12-02"] } }),
    ).toBe("unavailable");
  });
});

describe("nearestSlots", () => {
  it("offers the open slots closest to the one lost, in time order", () => {
    const open = [
      "2026-12-01T16:00:00Z",
      "2026-12-01T16:30:00Z",
      "2026-12-01T17:30:00Z",
      "2026-12-02T16:00:00Z",
    ];
    expect(nearestSlots("2026-12-01T17:00:00Z", open)).toEqual([
      "2026-12-01T16:00:00Z",
      "2026-12-01T16:30:00Z",
      "2026-12-01T17:30:00Z",
    ]);
  });
});

describe("readSettings", async () => {
  const database = await openTestDatabase();
  afterAll(() => database.dispose());

  it("returns the defaults until the studio saves its own, then the saved row", async () => {
    expect(await readSettings(database.db)).toEqual(DEFAULT_BOOKING_SETTINGS);
    await database.db
      .insertInto("booking_settings")
      .values({
        id: "default",
        weekly_hours: JSON.stringify({ ...DEFAULT_BOOKING_SETTINGS.weeklyHours, sat: [] }),
        days_off: JSON.stringify(["2026-12-24"]),
        min_notice_minutes: 60,
        buffer_minutes: 10,
        daily_max: 3,
        updated_by: "studio@example.com",
        updated_at: new Date(now).toISOString(),
      })
      .execute();
    const saved = await readSettings(database.db);
    expect(saved).toMatchObject({
      daysOff: ["2026-12-24"],
      minNoticeMinutes: 60,
      bufferMinutes: 10,
      dailyMax: 3,
    });
    expect(saved.weeklyHours.sat).toEqual([]);
  });
});

describe("slots in the visitor's own zone, across their daylight-saving changes", () => {
  // Vancouver stays on UTC-7; Los Angeles springs forward on 2027-03-14, London on 2027-03-28.
  /** Where the visitor's page lists the slot starting at `value`: its local day and time. */
  const listed = (value: string, zone: string, from: string) => {
    const slots = openSlots({ settings, bookings: [], now: Date.parse(from), days: 14 });
    const day = bookingCalendar(slots, zone, Date.parse(from)).find((d) =>
      d.times.some((s) => s.value === value),
    )!;
    return { day: day.label, time: day.times.find((s) => s.value === value)!.time };
  };

  it("a visitor in Los Angeles sees 9:00 Vancouver as 8:00 before 2027-03-14 and 9:00 after", () => {
    expect(listed("2027-03-12T16:00:00Z", "America/Los_Angeles", "2027-03-08T12:00:00Z")).toEqual({
      day: "Friday, March 12",
      time: "8:00 a.m.",
    });
    expect(listed("2027-03-15T16:00:00Z", "America/Los_Angeles", "2027-03-08T12:00:00Z")).toEqual({
      day: "Monday, March 15",
      time: "9:00 a.m.",
    });
  });

  it("a visitor in London sees 9:00 Vancouver as 16:00 before 2027-03-28 and 17:00 after", () => {
    expect(listed("2027-03-26T16:00:00Z", "Europe/London", "2027-03-22T12:00:00Z")).toEqual({
      day: "Friday, March 26",
      time: "4:00 p.m.",
    });
    expect(listed("2027-03-29T16:00:00Z", "Europe/London", "2027-03-22T12:00:00Z")).toEqual({
      day: "Monday, March 29",
      time: "5:00 p.m.",
    });
    // Thursday 17:00 Vancouver is already Friday in London.
    expect(listed("2027-03-26T00:00:00Z", "Europe/London", "2027-03-22T12:00:00Z")).toEqual({
      day: "Friday, March 26",
      time: "12:00 a.m.",
    });
  });

  it("names a zone as people say it, its city in brackets, never brackets twice", () => {
    expect(zoneLabel("America/Vancouver")).toBe("Pacific Time (Vancouver)");
    expect(zoneLabel("America/Toronto")).toBe("Eastern Time (Toronto)");
    expect(zoneLabel("Asia/Kolkata")).toBe("India Standard Time (Kolkata)");
    expect(zoneLabel("America/Los_Angeles")).toBe("Pacific Time (Los Angeles)");
    expect(zoneLabel("UTC")).toBe("UTC");
    const london = zoneDateTime("2027-03-29T16:00:00Z", "Europe/London");
    expect(london).toBe(`Monday, March 29, 2027 at 5:00 p.m. ${zoneLabel("Europe/London")}`);
    expect(london).toMatch(/\(London\)$/);
    for (const zone of ["America/Toronto", "Europe/London", "Asia/Kolkata", "America/Vancouver"])
      expect(zoneDateTime("2027-03-29T16:00:00Z", zone).match(/\(/g)).toHaveLength(1);
  });

  it("groups a Vancouver evening slot under the next day for a visitor in London, the strip starting today", () => {
    // Friday 17:30 Vancouver is 00:30Z Saturday: Saturday in London.
    const days = bookingCalendar(
      ["2027-03-27T00:30:00Z"],
      "Europe/London",
      Date.parse("2027-03-25T12:00:00Z"),
    );
    expect(days.map((d) => [d.key, d.weekday, d.day, d.times.length])).toEqual([
      ["2027-03-25", "Thu", "25", 0],
      ["2027-03-26", "Fri", "26", 0],
      ["2027-03-27", "Sat", "27", 1],
    ]);
    expect(days.at(-1)).toMatchObject({
      label: "Saturday, March 27",
      month: "Mar",
      times: [{ value: "2027-03-27T00:30:00Z", time: "12:30 a.m." }],
    });
  });

  it("a visitor in Kolkata (UTC+5:30) sees a Vancouver day's times on two of their dates, at half past", () => {
    // Wednesday 2026-12-02 09:00-18:00 Vancouver (UTC-7) is 21:30 Wednesday to 06:30 Thursday in Kolkata.
    const now = Date.parse("2026-12-01T15:00:00Z");
    const slots = openSlots({ settings, bookings: [], now, days: 2 }).filter(
      (s) => siteDateOf(s) === "2026-12-02",
    );
    const days = bookingCalendar(slots, "Asia/Kolkata", now);
    const wed = days.find((d) => d.key === "2026-12-02")!;
    const thu = days.find((d) => d.key === "2026-12-03")!;
    expect(wed.times[0]).toEqual({ value: "2026-12-02T16:00:00Z", time: "9:30 p.m." });
    expect(thu.times.at(-1)).toEqual({ value: "2026-12-03T00:30:00Z", time: "6:00 a.m." });
    expect(wed.times.length + thu.times.length).toBe(slots.length);
  });
});
