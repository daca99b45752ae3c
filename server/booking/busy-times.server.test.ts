import { describe, expect, it } from "vitest";

import { busyTimes, mergeBusy, wallTimeInZone } from "./busy-times.server";
import { openCredentials, sealCredentials } from "./calendar-secrets.server";

/** Busy times read from iCalendar text (decision 0048) and the sealing of a source's credentials. */
const WINDOW = { from: Date.parse("2026-12-01T00:00:00Z"), to: Date.parse("2026-12-20T00:00:00Z") };
const iso = (xs: readonly (readonly [number, number])[]) =>
  xs.map(([a, b]) => [new Date(a).toISOString(), new Date(b).toISOString()]);
const calendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:test", ...events, "END:VCALENDAR", ""].join("\r\n");
const vevent = (...lines: string[]) =>
  ["BEGIN:VEVENT", "DTSTAMP:20261101T000000Z", ...lines, "END:VEVENT"].join("\r\n");

describe("busyTimes", () => {
  it("reads zoned, UTC, floating and all-day events; skips free and cancelled ones", async () => {
    const text = calendar(
      vevent(
        "UID:a",
        "DTSTART;TZID=America/Vancouver:20261202T100000",
        "DTEND;TZID=America/Vancouver:20261202T110000",
      ),
      vevent("UID:b", "DTSTART:20261203T180000Z", "DURATION:PT45M"),
      // A floating time is the owner's wall clock: Vancouver.
      vevent("UID:c", "DTSTART:20261207T180000", "DTEND:20261207T190000"),
      // An all-day event covers its Vancouver day.
      vevent("UID:d", "DTSTART;VALUE=DATE:20261205", "DTEND;VALUE=DATE:20261206"),
      vevent("UID:e", "DTSTART:20261208T180000Z", "DTEND:20261208T190000Z", "TRANSP:TRANSPARENT"),
      vevent("UID:f", "DTSTART:20261209T180000Z", "DTEND:20261209T190000Z", "STATUS:CANCELLED"),
    );
    expect(iso(await busyTimes(text, WINDOW))).toEqual([
      ["2026-12-02T17:00:00.000Z", "2026-12-02T18:00:00.000Z"],
      ["2026-12-03T18:00:00.000Z", "2026-12-03T18:45:00.000Z"],
      ["2026-12-05T07:00:00.000Z", "2026-12-06T07:00:00.000Z"],
      ["2026-12-08T01:00:00.000Z", "2026-12-08T02:00:00.000Z"],
    ]);
  });

  it("expands a weekly series with an excluded date and a moved occurrence, clipped to the window", async () => {
    const text = calendar(
      vevent(
        "UID:w",
        "DTSTART;TZID=America/Toronto:20261105T090000",
        "DTEND;TZID=America/Toronto:20261105T093000",
        "RRULE:FREQ=WEEKLY",
        "EXDATE;TZID=America/Toronto:20261210T090000",
      ),
      vevent(
        "UID:w",
        "RECURRENCE-ID;TZID=America/Toronto:20261217T090000",
        "DTSTART;TZID=America/Toronto:20261217T150000",
        "DTEND;TZID=America/Toronto:20261217T160000",
      ),
    );
    expect(iso(await busyTimes(text, WINDOW))).toEqual([
      ["2026-12-03T14:00:00.000Z", "2026-12-03T14:30:00.000Z"],
      ["2026-12-17T20:00:00.000Z", "2026-12-17T21:00:00.000Z"],
    ]);
  });

  it("uses the file's VTIMEZONE for a zone name that is not an IANA one", async () => {
    const text = calendar(
      [
        "BEGIN:VTIMEZONE",
        "TZID:Eastern Standard Time",
        "BEGIN:STANDARD",
        "DTSTART:16011104T020000",
        "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11",
        "TZOFFSETFROM:-0400",
        "TZOFFSETTO:-0500",
        "END:STANDARD",
        "BEGIN:DAYLIGHT",
        "DTSTART:16010311T020000",
        "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3",
        "TZOFFSETFROM:-0500",
        "TZOFFSETTO:-0400",
        "END:DAYLIGHT",
        "END:VTIMEZONE",
      ].join("\r\n"),
      vevent(
        "UID:o",
        "DTSTART;TZID=Eastern Standard Time:20261204T090000",
        "DTEND;TZID=Eastern Standard Time:20261204T100000",
      ),
    );
    expect(iso(await busyTimes(text, WINDOW))).toEqual([
      ["2026-12-04T14:00:00.000Z", "2026-12-04T15:00:00.000Z"],
    ]);
  });

  it("refuses text that is not iCalendar", async () => {
    await expect(busyTimes("<html>Sign in</html>", WINDOW)).rejects.toThrow();
  });

  it("merges overlapping busy times and reads wall clocks across a daylight-saving change", () => {
    expect(
      mergeBusy([
        [5, 10],
        [1, 3],
        [2, 6],
        [20, 30],
      ]),
    ).toEqual([
      [1, 10],
      [20, 30],
    ]);
    // 2027-03-14 02:30 does not exist in Toronto: it reads as 03:30 EDT (07:30Z); 09:30 in Kolkata is 04:00Z.
    const wall = { year: 2027, month: 3, day: 14, hour: 2, minute: 30, second: 0 };
    expect(new Date(wallTimeInZone(wall, "America/Toronto")).toISOString()).toBe("2027-03-14T07:30:00.000Z");
    expect(new Date(wallTimeInZone({ ...wall, hour: 9 }, "Asia/Kolkata")).toISOString()).toBe(
      "2027-03-14T04:00:00.000Z",
    );
  });
});

describe("sealed credentials", () => {
  const key = Buffer.alloc(32, 7);
  it("open only under the same key and for the same row", () => {
    const sealed = sealCredentials(key, "row-1", {
      url: "https://dav.example/",
      username: "me",
      password: "app-password-1",
    });
    // Long enough that random base64 cannot contain it by chance.
    expect(sealed).not.toContain("app-password-1");
    expect(openCredentials(key, "row-1", sealed)).toEqual({
      url: "https://dav.example/",
      username: "me",
      password: "app-password-1",
    });
    expect(openCredentials(key, "row-2", sealed)).toBeUndefined();
    expect(openCredentials(Buffer.alloc(32, 8), "row-1", sealed)).toBeUndefined();
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = `${body![0] === "A" ? "B" : "A"}${body!.slice(1)}`;
    expect(openCredentials(key, "row-1", [v, iv, tag, flipped].join("."))).toBeUndefined();
    // A fresh IV each time: the same secret never seals to the same text.
    expect(sealCredentials(key, "row-1", { url: "x" })).not.toBe(sealCredentials(key, "row-1", { url: "x" }));
  });
});
