import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { bookingCopy } from "../../app/content/booking";
import { startCalendarSourcesJob } from "../../server/booking/calendar-sources.server";
import { loadConfig } from "../../server/config.server";
import { createLogger } from "../../server/logger.server";
import { createMetrics } from "../../server/metrics.server";
import { createServices } from "../../server/services.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { eventIcs, startRadicale, type Radicale } from "../helpers/radicale";

/**
 * The studio's own calendars blocking booking slots (issue 40, decision 0048), against a real
 * CalDAV server (Radicale, started like PostgreSQL) and an ICS address served locally, on the
 * database under test, with the clock moved: an event removes exactly the slots it overlaps, a
 * weekly one each week's, a deleted one frees them within the cache's five minutes; a source
 * that fails shows in the back office and on /metrics, its last copy used for an hour, then
 * no slot at all.
 */
// Tuesday 2026-12-01 08:00 in Vancouver (UTC-7).
const T0 = Date.parse("2026-12-01T15:00:00Z");
const MINUTE = 60_000;
const owner = { id: "owner", email: "owner@example.com" };

/** Wednesday 2026-12-02 and the Wednesday after, 10:00 Vancouver: 17:00Z. */
const WED_10 = "2026-12-02T17:00:00Z";
const NEXT_WED_10 = "2026-12-09T17:00:00Z";

describe(`calendar sources on ${testDatabaseKind}`, () => {
  let radicale: Radicale;
  let database: TestDatabase;
  let clock = T0;
  let ics = "";
  let icsServer: http.Server;
  let icsUrl = "";
  let icsStatus = 200;

  const build = () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", RATE_LIMIT_DISABLED: "true" });
    const metrics = createMetrics();
    const services = createServices({
      config,
      database,
      logger: createLogger(config),
      now: () => clock,
      metrics,
    });
    return { ...services, metrics };
  };

  beforeAll(async () => {
    radicale = await startRadicale();
    icsServer = http.createServer((req, res) => {
      res.writeHead(icsStatus, { "content-type": "text/calendar" });
      res.end(icsStatus === 200 ? ics : "no");
    });
    await new Promise<void>((r) => icsServer.listen(0, "127.0.0.1", r));
    icsUrl = `http://127.0.0.1:${(icsServer.address() as AddressInfo).port}/private-secret-token/basic.ics`;
  });
  afterAll(async () => {
    await radicale?.dispose();
    await new Promise((r) => icsServer?.close(r));
  });
  beforeEach(async () => {
    clock = T0;
    icsStatus = 200;
    ics = eventIcs({ uid: "none", start: "20260101T000000Z", end: "20260101T010000Z" });
    database = await openTestDatabase();
  });
  afterEach(async () => {
    for (const name of ["dentist", "weekly", "free"]) await radicale.deleteEvent(name).catch(() => {});
    await radicale.start();
    await database.dispose();
  });

  const caldav = (password = radicale.password) => ({
    kind: "caldav",
    label: "Work",
    url: radicale.url,
    username: radicale.user,
    password,
  });

  it("refuses a wrong app password and stores nothing; connected, its event removes exactly the slots it overlaps, and its secret is stored sealed", async () => {
    const s = build();
    await radicale.putEvent(
      "dentist",
      eventIcs({
        uid: "dentist",
        start: "20261202T101500",
        end: "20261202T110000",
        tzid: "America/Vancouver",
      }),
    );
    const before = await s.booking.slots();
    const wrong = await s.bookingStudio.calendars.add(caldav("not-the-password"), owner);
    expect(wrong).toMatchObject({ ok: false });
    expect(!wrong.ok && wrong.error).toMatch(/refused the sign-in \(HTTP 401\)/);
    expect(await database.db.selectFrom("calendar_sources").selectAll().execute()).toEqual([]);
    expect(await s.booking.slots()).toEqual(before);

    expect(await s.bookingStudio.calendars.add(caldav(), owner)).toMatchObject({ ok: true });
    const open = await s.booking.slots();
    // 10:15-11:00 Vancouver overlaps the 10:00 and 10:30 calls, nothing else.
    expect(before.filter((x) => !open.includes(x))).toEqual([WED_10, "2026-12-02T17:30:00Z"]);
    const row = await database.db.selectFrom("calendar_sources").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "caldav", label: "Work", host: new URL(radicale.url).host });
    expect(JSON.stringify(row)).not.toContain(radicale.password);
    expect(row.sealed).toMatch(/^v1\./);
    // Booking the busy time is refused as taken, with the nearest free times.
    const refused = await s.booking.book(
      { name: "Ada", email: "ada@example.com", topic: "x", slot: WED_10, tz: "UTC", elapsedMs: "5000" },
      { clientIp: "203.0.113.1" },
    );
    expect(refused).toMatchObject({ kind: "slot", problem: "taken", error: bookingCopy.taken });
  });

  it("a weekly event removes each week's slot; a transparent (free) one removes none", async () => {
    const s = build();
    const before = await s.booking.slots();
    await radicale.putEvent(
      "weekly",
      eventIcs({
        uid: "weekly",
        start: "20261125T100000",
        end: "20261125T103000",
        tzid: "America/Vancouver",
        rrule: "FREQ=WEEKLY;BYDAY=WE",
      }),
    );
    await radicale.putEvent(
      "free",
      eventIcs({ uid: "free", start: "20261203T160000Z", end: "20261203T230000Z", transparent: true }),
    );
    expect(await s.bookingStudio.calendars.add(caldav(), owner)).toMatchObject({ ok: true });
    const open = await s.booking.slots();
    expect(before.filter((x) => !open.includes(x))).toEqual([WED_10, NEXT_WED_10]);
  });

  it("a deleted event frees its slot within the cache's five minutes, not before; the job reads it again in time", async () => {
    const s = build();
    await radicale.putEvent(
      "dentist",
      eventIcs({ uid: "dentist", start: "20261202T170000Z", end: "20261202T173000Z" }),
    );
    await s.bookingStudio.calendars.add(caldav(), owner);
    expect(await s.booking.slots()).not.toContain(WED_10);
    await radicale.deleteEvent("dentist");
    clock = T0 + 4 * MINUTE;
    expect(await s.booking.slots()).not.toContain(WED_10);
    clock = T0 + 5 * MINUTE;
    expect(await s.booking.slots()).toContain(WED_10);

    // With the job running, the copy is renewed before it is five minutes old.
    await radicale.putEvent(
      "dentist",
      eventIcs({ uid: "dentist", start: "20261202T170000Z", end: "20261202T173000Z" }),
    );
    const job = startCalendarSourcesJob(
      { database, sources: s.calendarSources, onError: (e) => expect.fail(e.message), now: () => clock },
      { timers: false },
    );
    clock = T0 + 8 * MINUTE + 1;
    expect(await job.tick()).toBe("ran");
    const row = await database.db
      .selectFrom("calendar_sources")
      .select("fetched_at")
      .executeTakeFirstOrThrow();
    expect(row.fetched_at).toBe(new Date(clock).toISOString());
    expect(await s.booking.slots()).not.toContain(WED_10);
    await job.stop();
  });

  it("a source that fails is shown failing (back office, /metrics) and its last copy is used for an hour, then no slot is offered", async () => {
    const s = build();
    await radicale.putEvent(
      "dentist",
      eventIcs({ uid: "dentist", start: "20261202T170000Z", end: "20261202T173000Z" }),
    );
    await s.bookingStudio.calendars.add(caldav(), owner);
    const withCopy = await s.booking.slots();
    expect(withCopy).not.toContain(WED_10);
    expect((await s.metrics.scrape()).body).toMatch(
      /cascadia_calendar_source_up\{source="Work",kind="caldav"\} 1/,
    );

    await radicale.stop();
    clock = T0 + 6 * MINUTE;
    // The read fails: the copy of T0 still holds (the dentist still blocks).
    expect(await s.booking.slots()).toEqual(withCopy);
    const [failing] = await s.bookingStudio.calendars.list();
    expect(failing).toMatchObject({
      state: "failing",
      lastError: "The calendar server could not be reached.",
    });
    expect(failing!.failingSince).toBe(new Date(clock).toISOString());
    const scrape = (await s.metrics.scrape()).body;
    expect(scrape).toMatch(/cascadia_calendar_source_up\{source="Work",kind="caldav"\} 0/);
    expect(scrape).toMatch(/cascadia_calendar_source_copy_age_seconds\{source="Work",kind="caldav"\} 360/);

    // An hour after the last good copy: nothing is offered, and a booking is refused.
    clock = T0 + 60 * MINUTE + 1;
    expect(await s.booking.slots()).toEqual([]);
    expect((await s.bookingStudio.calendars.list())[0]!.state).toBe("blocking");
    const refused = await s.booking.book(
      {
        name: "Ada",
        email: "ada@example.com",
        topic: "x",
        slot: "2026-12-03T17:00:00Z",
        tz: "UTC",
        elapsedMs: "5000",
      },
      { clientIp: "203.0.113.1" },
    );
    expect(refused).toMatchObject({
      kind: "slot",
      problem: "calendar",
      error: bookingCopy.slotProblems.calendar,
    });

    // Back: read again (no faster than once a minute), slots return.
    await radicale.start();
    clock += MINUTE;
    expect(await s.booking.slots()).toEqual(
      withCopy.filter((x) => Date.parse(x) >= clock + 12 * 60 * MINUTE),
    );
    expect((await s.bookingStudio.calendars.list())[0]).toMatchObject({ state: "ok", failingSince: null });
  });

  it("an ICS address: its events and their weekly repeats block slots, a deleted one frees them within five minutes, a failing one is shown", async () => {
    const s = build();
    const before = await s.booking.slots();
    ics = eventIcs({
      uid: "yoga",
      start: "20261125T100000",
      end: "20261125T103000",
      tzid: "America/Vancouver",
      rrule: "FREQ=WEEKLY;BYDAY=WE",
    });
    // webcal:// as Google hands it out.
    const added = await s.bookingStudio.calendars.add(
      { kind: "ics", label: "Family", url: icsUrl.replace("http://", "webcal://") },
      owner,
    );
    // webcal means https: this local server speaks http, so the plain address is what connects here.
    expect(added.ok).toBe(false);
    expect(
      await s.bookingStudio.calendars.add({ kind: "ics", label: "Family", url: icsUrl }, owner),
    ).toMatchObject({
      ok: true,
    });
    const row = await database.db.selectFrom("calendar_sources").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain("private-secret-token");
    const open = await s.booking.slots();
    expect(before.filter((x) => !open.includes(x))).toEqual([WED_10, NEXT_WED_10]);

    ics = eventIcs({ uid: "none", start: "20260101T000000Z", end: "20260101T010000Z" });
    clock = T0 + 5 * MINUTE;
    expect(await s.booking.slots()).toEqual(before.filter((x) => Date.parse(x) >= clock + 12 * 60 * MINUTE));

    icsStatus = 500;
    clock = T0 + 11 * MINUTE;
    await s.booking.slots();
    expect((await s.bookingStudio.calendars.list())[0]).toMatchObject({
      state: "failing",
      lastError: "The calendar server answered HTTP 500.",
    });
  });
});
