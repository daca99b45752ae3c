import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { bookingCopy } from "../../app/content/booking";
import { zoneLabel } from "../../app/lib/zone-time";
import { type BookResult } from "../../server/booking/booking-context.server";
import { createCalendarSources } from "../../server/booking/calendar-sources.server";
import { createCalendarFeeds } from "../../server/booking/feed.server";
import { bookingDeliveryHandlers } from "../../server/booking/notifications.server";
import { createBookingService } from "../../server/booking/service.server";
import { createBookingStudio } from "../../server/booking/studio.server";
import { manageToken, tokenHash } from "../../server/booking/tokens.server";
import { loadConfig } from "../../server/config.server";
import { insertLead } from "../../server/leads/insert.server";
import { createLeadTimeline } from "../../server/leads/timeline.server";
import { createLogger } from "../../server/logger.server";
import { createMailer } from "../../server/mail/mailer.server";
import { createOutboxWorker } from "../../server/outbox/outbox.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";

/**
 * Booking a discovery call (issue 31, docs/product.md#booking) through the booking service, on
 * the database under test: one booking per slot under racing requests, the lead it joins, bad
 * input that changes nothing, the manage link, and what the outbox sends (confirmation with
 * its invitation, reminders, the studio's notices) to the in-process SMTP server.
 */
const SECRET = "booking-test-secret-booking-test-secret";
// Tuesday 2026-12-01 08:00 in Vancouver (UTC-7).
const T0 = Date.parse("2026-12-01T15:00:00Z");
const SLOT = "2026-12-02T17:00:00Z"; // Wednesday 10:00 Vancouver, 26 h ahead
const HOUR = 60 * 60_000;

const visitor = (over: Record<string, unknown> = {}) => ({
  name: "Ada Lovelace",
  email: "ada@example.com",
  topic: "A new site for my bakery",
  slot: SLOT,
  tz: "Europe/London",
  // As the page's script sends it: the time spent filling the form.
  elapsedMs: "5000",
  ...over,
});
const LONDON = zoneLabel("Europe/London");

describe(`booking a call on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let smtp: FakeSmtp;
  let clock = T0;
  const logger = createLogger({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const service = () =>
    createBookingService({
      config: { RATE_LIMIT_DISABLED: true, LOG_HASH_KEY: undefined },
      database,
      logger,
      manageSecret: SECRET,
      timeline: createLeadTimeline(),
      now: () => clock,
    });
  const worker = () => {
    const config = loadConfig({ NODE_ENV: "test", SMTP_URL: smtp.url, SITE_URL: "http://localhost:3000" });
    const mailer = createMailer(config, logger, {
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 30_000,
    });
    return createOutboxWorker({
      database,
      logger,
      handlers: bookingDeliveryHandlers({ config, database, mailer, manageSecret: SECRET }),
      now: () => clock,
    });
  };
  const counts = async () => {
    const n = async (table: "bookings" | "leads" | "outbox" | "lead_activity") =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      bookings: await n("bookings"),
      inquiries: await n("leads"),
      outbox: await n("outbox"),
      activity: await n("lead_activity"),
    };
  };
  const booked = (r: BookResult) => {
    if (r.kind !== "booked") throw new Error(`expected a booking, got ${JSON.stringify(r)}`);
    return r;
  };

  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp.stop();
  });
  beforeEach(async () => {
    clock = T0;
    smtp.messages.length = 0;
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("books an open slot: a new lead from /book, the booking with only its link's hash, a timeline entry, notices now and reminders when due", async () => {
    const r = booked(
      await service().book(visitor(), { clientIp: "203.0.113.1", from: { page: "/book", ref: "pricing" } }),
    );
    expect(r.booking.starts_at).toBe(SLOT);
    const row = await database.db.selectFrom("bookings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      starts_at: SLOT,
      ends_at: "2026-12-02T17:30:00Z",
      status: "booked",
      time_zone: "Europe/London",
      topic: "A new site for my bakery",
    });
    expect(row.manage_token_hash).toBe(tokenHash(r.token));
    expect(JSON.stringify(row)).not.toContain(r.token);
    const lead = await database.db
      .selectFrom("leads")
      .selectAll()
      .where("id", "=", row.lead_id)
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      page: "/book",
      ref: "pricing",
      source: "form",
    });
    const activity = await database.db
      .selectFrom("lead_activity")
      .selectAll()
      .where("lead_id", "=", lead.id)
      .execute();
    expect(activity.map((a) => a.kind)).toEqual(["booking-created"]);
    const outbox = await database.db
      .selectFrom("outbox")
      .select(["channel", "next_attempt_at"])
      .orderBy("next_attempt_at")
      .execute();
    expect(outbox.map((o) => [o.channel, o.next_attempt_at]).sort()).toEqual(
      [
        ["booking-confirmation-email", new Date(T0).toISOString()],
        ["booking-reminder-1h-email", "2026-12-02T16:00:00.000Z"],
        ["booking-reminder-24h-email", "2026-12-01T17:00:00.000Z"],
        ["booking-studio-email", new Date(T0).toISOString()],
      ].sort(),
    );
  });

  it("joins the existing lead with that email (whatever its case) instead of creating another", async () => {
    const first = booked(await service().book(visitor(), { clientIp: "203.0.113.1" }));
    const second = booked(
      await service().book(visitor({ email: "ADA@Example.com", slot: "2026-12-02T18:00:00Z" }), {
        clientIp: "203.0.113.1",
      }),
    );
    const rows = await database.db.selectFrom("bookings").select("lead_id").execute();
    expect(new Set(rows.map((r) => r.lead_id)).size).toBe(1);
    expect((await counts()).inquiries).toBe(1);
    expect(second.booking.id).not.toBe(first.booking.id);
  });

  it("refuses a slot in the past, outside the hours, off the grid, too far or already taken with a clear message, and changes nothing", async () => {
    booked(await service().book(visitor(), { clientIp: "203.0.113.1" }));
    const before = await counts();
    const cases: [string, string][] = [
      ["2026-11-30T17:00:00Z", bookingCopy.slotProblems.past],
      ["2026-12-02T05:00:00Z", bookingCopy.slotProblems["outside-hours"]],
      ["2026-12-06T18:00:00Z", bookingCopy.slotProblems["outside-hours"]], // Sunday
      ["2026-12-02T17:10:00Z", bookingCopy.slotProblems["off-grid"]],
      ["2026-12-30T17:00:00Z", bookingCopy.slotProblems["too-far"]],
      ["2026-12-01T16:00:00Z", bookingCopy.slotProblems["too-soon"]],
      ["not a time", bookingCopy.slotProblems.invalid],
      [SLOT, bookingCopy.taken],
    ];
    for (const [slot, message] of cases) {
      const r = await service().book(visitor({ email: "grace@example.com", slot }), {
        clientIp: "203.0.113.2",
      });
      expect(r, slot).toMatchObject({ kind: "slot", error: message });
    }
    const taken = await service().book(visitor({ email: "grace@example.com" }), { clientIp: "203.0.113.2" });
    expect(taken.kind === "slot" && taken.nearest).toEqual([
      "2026-12-02T16:00:00Z",
      "2026-12-02T16:30:00Z",
      "2026-12-02T17:30:00Z",
    ]);
    const invalid = await service().book(visitor({ email: "not an email", topic: "" }), {
      clientIp: "203.0.113.2",
    });
    expect(invalid).toMatchObject({
      kind: "invalid",
      fieldErrors: {
        email: "Please enter a valid email address.",
        topic: "Please say what the call is about.",
      },
    });
    expect(await counts()).toEqual(before);
  });

  it("keeps no booking from a bot (honeypot, or the fill time left out) and asks a too-fast sender to send again", async () => {
    expect(await service().book(visitor({ botcheck: "x" }), { clientIp: "203.0.113.3" })).toEqual({
      kind: "ignored",
    });
    expect(await service().book(visitor({ elapsedMs: "200" }), { clientIp: "203.0.113.3" })).toMatchObject({
      kind: "invalid",
      error: bookingCopy.tooFast,
    });
    // A bot that leaves fields out (issue 37): no fill time, no honeypot; or the fill time empty.
    const { elapsedMs: _elapsed, ...withoutFillTime } = visitor();
    for (const bot of [withoutFillTime, { ...withoutFillTime, botcheck: "" }, visitor({ elapsedMs: "" })])
      expect(await service().book(bot, { clientIp: "203.0.113.3" }), JSON.stringify(bot)).toMatchObject({
        kind: "invalid",
        error: bookingCopy.tooFast,
      });
    expect(await counts()).toEqual({ bookings: 0, inquiries: 0, outbox: 0, activity: 0 });
  });

  it("rate-limits bookings per visitor as inquiries are", async () => {
    const limited = createBookingService({
      config: { RATE_LIMIT_DISABLED: false, LOG_HASH_KEY: undefined },
      database,
      logger,
      manageSecret: SECRET,
      timeline: { record: async () => {} },
      now: () => clock,
    });
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await limited.book(visitor({ slot: "bad" }), { clientIp: "203.0.113.9" })).kind);
    expect(answers).toEqual(["slot", "slot", "slot", "slot", "slot", "rate-limited"]);
  });

  it("gives exactly one booking to 50 requests racing for one slot; the 49 others are told it was just taken and offered the nearest free slots", async () => {
    const s = service();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        s.book(visitor({ email: `racer${i}@example.com`, name: `Racer ${i}` }), {
          clientIp: `198.51.100.${i}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.kind === "booked")).toHaveLength(1);
    const lost = answers.filter((a) => a.kind === "slot");
    expect(lost).toHaveLength(49);
    for (const a of lost)
      expect(a).toMatchObject({
        problem: "taken",
        error: bookingCopy.taken,
        nearest: ["2026-12-02T16:00:00Z", "2026-12-02T16:30:00Z", "2026-12-02T17:30:00Z"],
      });
    const rows = await database.db.selectFrom("bookings").select(["lead_id", "status"]).execute();
    expect(rows).toHaveLength(1);
    // The losers' leads rolled back with their bookings: one lead, one set of notices.
    expect(await counts()).toMatchObject({ inquiries: 1, outbox: 4, activity: 1 });
  });

  it("a manage link shows the booking; a forged, another's or an expired link opens nothing and changes nothing", async () => {
    const r = booked(await service().book(visitor(), { clientIp: "203.0.113.1" }));
    expect(await service().manage(r.token)).toMatchObject({
      kind: "done",
      booking: { starts_at: SLOT, name: "Ada Lovelace" },
    });
    const before = await counts();
    const forged = manageToken("another-secret-another-secret-another", r.booking.id);
    for (const token of [forged, "x".repeat(43), "../../etc", ""]) {
      expect(await service().manage(token), token).toEqual({ kind: "bad-link", error: bookingCopy.badLink });
      expect(await service().cancel(token)).toEqual({ kind: "bad-link", error: bookingCopy.badLink });
      expect(await service().reschedule(token, "2026-12-02T18:00:00Z")).toEqual({
        kind: "bad-link",
        error: bookingCopy.badLink,
      });
    }
    clock = Date.parse(SLOT) + 60_000; // the call has begun: the link has expired
    expect(await service().cancel(r.token)).toEqual({ kind: "bad-link", error: bookingCopy.badLink });
    expect(await counts()).toEqual(before);
  });

  it("reschedules through the link: the old booking is cancelled, a new one with a new link takes the new slot, and the old link is spent", async () => {
    const r = booked(await service().book(visitor(), { clientIp: "203.0.113.1" }));
    expect(await service().reschedule(r.token, "2026-12-02T05:00:00Z")).toMatchObject({
      kind: "slot",
      problem: "outside-hours",
    });
    const moved = await service().reschedule(r.token, "2026-12-03T18:00:00Z");
    if (moved.kind !== "done" || !moved.token) throw new Error(JSON.stringify(moved));
    const rows = await database.db
      .selectFrom("bookings")
      .selectAll()
      .orderBy("created_at")
      .orderBy("starts_at")
      .execute();
    expect(rows.map((b) => [b.starts_at, b.status, b.rescheduled_from])).toEqual([
      [SLOT, "cancelled", null],
      ["2026-12-03T18:00:00Z", "booked", r.booking.id],
    ]);
    expect(await service().manage(r.token)).toMatchObject({ kind: "bad-link" });
    expect(await service().manage(moved.token)).toMatchObject({
      kind: "done",
      booking: { starts_at: "2026-12-03T18:00:00Z" },
    });
    // The freed slot is open again.
    expect(await service().slots()).toContain(SLOT);
    const kinds = (
      await database.db.selectFrom("lead_activity").select("kind").orderBy("created_at").execute()
    ).map((a) => a.kind);
    expect(kinds).toEqual(["booking-created", "booking-rescheduled"]);
  });

  it("emails the visitor a confirmation whose invitation starts at the booked UTC instant, the studio a notice, and reminders only for a call still booked", async () => {
    const r = booked(await service().book(visitor(), { clientIp: "203.0.113.1" }));
    const w = worker();
    await w.runOnce();
    const confirmation = smtp.messages.find((m) => m.to.includes("ada@example.com"))!;
    expect(confirmation.subject).toBe(
      `Your call is booked: Wednesday, December 2, 2026 at 5:00 p.m. ${LONDON}`,
    );
    expect(confirmation.text).toContain("December 2, 2026 at 10:00 a.m. Pacific Time");
    expect(confirmation.text).toContain(`http://localhost:3000/book/manage/${r.token}`);
    const parsed = await simpleParser(confirmation.raw);
    const ics = parsed.attachments.find((a) => a.contentType.startsWith("text/calendar"))!;
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics.content.toString("utf8"))).getFirstSubcomponent("vevent")!,
    );
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-02T17:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-02T17:30:00.000Z");
    expect(event.startDate.zone.tzid).toBe("UTC");
    const studio = smtp.messages.find((m) => m.to.includes("hello@cascadiawebstudio.ca"))!;
    expect(studio.subject).toBe("Call booked: Ada Lovelace, December 2, 2026 at 10:00 a.m. Pacific Time");
    expect(studio.text).toContain("A new site for my bakery");

    // 24 h before: the reminder goes out.
    smtp.messages.length = 0;
    clock = Date.parse(SLOT) - 24 * HOUR;
    await w.runOnce();
    expect(smtp.messages.map((m) => m.subject)).toEqual([
      "Reminder: your call with Cascadia Web Studio tomorrow",
    ]);

    // Cancelled before the 1-hour reminder: none is sent, and the studio hears of the cancellation.
    smtp.messages.length = 0;
    expect(await service().cancel(r.token)).toMatchObject({ kind: "done" });
    clock = Date.parse(SLOT) - HOUR;
    await w.runOnce();
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual([
      "Call cancelled: Ada Lovelace, December 2, 2026 at 10:00 a.m. Pacific Time",
      `Your call is cancelled: Wednesday, December 2, 2026 at 5:00 p.m. ${LONDON}`,
    ]);
    // The visitor's calendar drops the event: the same UID, cancelled, one sequence later.
    const cancelMail = smtp.messages.find((m) => m.to.includes("ada@example.com"))!;
    const cancelIcs = (await simpleParser(cancelMail.raw)).attachments.find((a) =>
      a.contentType.startsWith("text/calendar"),
    )!;
    const calendar = new ICAL.Component(ICAL.parse(cancelIcs.content.toString("utf8")));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    const dropped = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect([dropped.uid, dropped.sequence, dropped.component.getFirstPropertyValue("status")]).toEqual([
      event.uid,
      1,
      "CANCELLED",
    ]);
    const pending = await database.db
      .selectFrom("outbox")
      .select("status")
      .where("status", "!=", "delivered")
      .execute();
    expect(pending).toEqual([]);
  });

  it("a moved call's invitation updates the same calendar event (same UID, higher SEQUENCE)", async () => {
    const r = booked(await service().book(visitor(), { clientIp: "203.0.113.1" }));
    await service().reschedule(r.token, "2026-12-03T18:00:00Z");
    await worker().runOnce();
    const invitations = await Promise.all(
      smtp.messages
        .filter((m) => m.to.includes("ada@example.com"))
        .map(async (m) => {
          const ics = (await simpleParser(m.raw)).attachments.find((a) =>
            a.contentType.startsWith("text/calendar"),
          )!;
          const event = new ICAL.Event(
            new ICAL.Component(ICAL.parse(ics.content.toString("utf8"))).getFirstSubcomponent("vevent")!,
          );
          return {
            uid: event.uid,
            sequence: event.sequence,
            start: event.startDate.toJSDate().toISOString(),
            subject: m.subject,
          };
        }),
    );
    // The first booking was cancelled by the move before its confirmation went out: only the new one is sent.
    expect(invitations).toEqual([
      {
        uid: `${r.booking.id}@cascadiawebstudio.ca`,
        sequence: 1,
        start: "2026-12-03T18:00:00.000Z",
        subject: `Your call is moved: Thursday, December 3, 2026 at 6:00 p.m. ${LONDON}`,
      },
    ]);
    expect(smtp.messages.find((m) => m.subject.startsWith("Call moved"))?.text).toContain(
      "Was: December 2, 2026 at 10:00 a.m. Pacific Time",
    );
  });

  /** A client the studio already knows, with a quote in progress: what a stranger must not learn. */
  const knownClient = async () => {
    const id = "11111111-2222-4333-8444-555555555555";
    await insertLead(database.db, {
      id,
      first_name: "Clara",
      last_name: "Client",
      email: "clara@example.com",
      phone: "+1 604 555 0199",
      company: "Clara's Bakery",
      project_type: "pro",
      budget: null,
      timeline: null,
      message: "We need an online shop",
      source: "form",
      created_at: new Date(T0 - 30 * 24 * HOUR).toISOString(),
    });
    return id;
  };
  const studio = () =>
    createBookingStudio({
      database,
      calendar: createCalendarSources({ database, key: Buffer.alloc(32, 1), logger, now: () => clock }),
      now: () => clock,
    });

  it("a stranger who types a client's email books as nobody they are not: the page and emails use the name typed, the studio sees the address unverified everywhere (issue 37)", async () => {
    const clientLead = await knownClient();
    const r = booked(
      await service().book(
        visitor({
          name: "Mallory Stranger",
          email: "CLARA@example.com",
          company: "",
          topic: "Cancel my project and refund to my new card",
        }),
        { clientIp: "203.0.113.66" },
      ),
    );
    // The booking joins the client's lead, as the studio would want, but says who typed what.
    const row = await database.db.selectFrom("bookings").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      lead_id: clientLead,
      visitor_name: "Mallory Stranger",
      email: "CLARA@example.com",
      identity: "typed",
    });
    // What the booker sees (the answer, the manage page and its data) holds nothing stored about the address.
    const shown = await service().manage(r.token);
    expect(shown).toMatchObject({ kind: "done", booking: { name: "Mallory Stranger" } });
    for (const answer of [r, shown])
      expect(JSON.stringify(answer)).not.toMatch(/Clara|Client|Bakery|online shop|604/);

    await worker().runOnce();
    const toVisitor = smtp.messages.find((m) => m.to.includes("CLARA@example.com"))!;
    expect(toVisitor.text).toContain("Hello Mallory,");
    expect(toVisitor.text).not.toMatch(/Clara|Client|Bakery/);
    const notice = smtp.messages.find((m) => m.to.includes("hello@cascadiawebstudio.ca"))!;
    expect(notice.subject).toContain("Mallory Stranger");
    expect(notice.text).toContain("The email address is not verified");
    expect(notice.text).toContain("belongs to an existing lead, Clara Client");
    expect(notice.text).toContain("CLARA@example.com (not verified)");

    // The agenda, the lead's calls and timeline, and the calendar feed say it too.
    const { upcoming } = await studio().agenda();
    expect(upcoming).toMatchObject([
      { visitor_name: "Mallory Stranger", identity: "typed", first_name: "Clara", last_name: "Client" },
    ]);
    expect(await studio().forLead(clientLead)).toMatchObject([
      { identity: "typed", visitor_name: "Mallory Stranger" },
    ]);
    const timeline = await database.db
      .selectFrom("lead_activity")
      .select("body")
      .where("lead_id", "=", clientLead)
      .executeTakeFirstOrThrow();
    expect(timeline.body).toBe(
      `Call booked for ${SLOT} by "Mallory Stranger", who typed this lead's email (not verified)`,
    );
    const feeds = createCalendarFeeds({
      config: { SITE_URL: "http://localhost:3000" },
      database,
      now: () => clock,
    });
    const url = await feeds.create({ id: "s", email: "owner@example.com" } as never);
    const feed = await feeds.ics(new URL(url).pathname.split("/").pop()!.replace(".ics", ""));
    expect(feed).toContain("SUMMARY:Call: Mallory Stranger (email not verified)");
    expect(feed).not.toContain("Clara");
  });

  it("a signed-in client (the client portal's seam) books as themselves: their lead, their proven address, not flagged", async () => {
    const clientLead = await knownClient();
    const r = booked(
      await service().book(visitor({ name: "Clara C.", email: "typed-anything@example.com" }), {
        clientIp: "203.0.113.67",
        booker: { kind: "client", leadId: clientLead },
      }),
    );
    expect(r.booking.name).toBe("Clara C.");
    expect(await database.db.selectFrom("bookings").selectAll().executeTakeFirstOrThrow()).toMatchObject({
      lead_id: clientLead,
      email: "clara@example.com",
      identity: "client",
    });
    await worker().runOnce();
    const notice = smtp.messages.find((m) => m.to.includes("hello@cascadiawebstudio.ca"))!;
    expect(notice.text).not.toContain("not verified");
    expect(notice.text).toContain("clara@example.com (signed-in client)");
    expect(smtp.messages.some((m) => m.to.includes("typed-anything@example.com"))).toBe(false);
  });

  it("refuses moving or cancelling inside the cut-off, with the studio's contact, changing nothing; the studio's setting moves it", async () => {
    const r = booked(await service().book(visitor(), { clientIp: "203.0.113.1" }));
    // 13 hours before: outside the default 12-hour cut-off.
    clock = Date.parse(SLOT) - 13 * HOUR;
    expect(await service().manage(r.token)).toMatchObject({
      kind: "done",
      changeable: true,
      cutoffMinutes: 720,
    });
    // 11 hours before: inside it.
    clock = Date.parse(SLOT) - 11 * HOUR;
    const before = await counts();
    const message = bookingCopy.cutoff(720);
    expect(message).toContain("12 hours");
    expect(message).toContain("hello@cascadiawebstudio.ca");
    expect(await service().manage(r.token)).toMatchObject({ kind: "done", changeable: false });
    expect(await service().cancel(r.token)).toEqual({ kind: "cutoff", error: message });
    expect(await service().reschedule(r.token, "2026-12-03T18:00:00Z")).toEqual({
      kind: "cutoff",
      error: message,
    });
    expect(await counts()).toEqual(before);
    expect((await database.db.selectFrom("bookings").select("status").executeTakeFirstOrThrow()).status).toBe(
      "booked",
    );

    // The studio shortens the cut-off to 2 hours: the same call can now be cancelled.
    const form: Record<string, string> = {
      "min-notice": "720",
      buffer: "0",
      cutoff: "120",
      "daily-max": "8",
      "video-link": "",
    };
    for (const [day, ranges] of Object.entries({
      mon: [["09:00", "18:00"]],
      tue: [["09:00", "18:00"]],
      wed: [["09:00", "18:00"]],
    }))
      ranges.forEach(([from, to], i) =>
        Object.assign(form, { [`hours.${day}.${i}.from`]: from, [`hours.${day}.${i}.to`]: to }),
      );
    expect(await studio().saveAvailability(form, { id: "s", email: "owner@example.com" } as never)).toEqual({
      ok: true,
      value: null,
    });
    expect(await service().cancel(r.token)).toMatchObject({ kind: "done" });
  });

  it("sends the studio's video link in the confirmation, the reminder and the invitation's LOCATION and DESCRIPTION, and shows it with the booking", async () => {
    const video = "https://meet.example.com/cascadia-discovery";
    await database.db
      .insertInto("booking_settings")
      .values({
        id: "default",
        weekly_hours: JSON.stringify({
          sun: [],
          mon: [],
          tue: [["09:00", "18:00"]],
          wed: [["09:00", "18:00"]],
          thu: [],
          fri: [],
          sat: [],
        }),
        days_off: "[]",
        min_notice_minutes: 720,
        buffer_minutes: 0,
        daily_max: 8,
        video_link: video,
        updated_by: "owner@example.com",
        updated_at: new Date(T0).toISOString(),
      })
      .execute();
    const r = booked(await service().book(visitor(), { clientIp: "203.0.113.1" }));
    expect(await service().manage(r.token)).toMatchObject({ kind: "done", videoLink: video });
    await worker().runOnce();
    const confirmation = smtp.messages.find((m) => m.to.includes("ada@example.com"))!;
    expect(confirmation.text).toContain(video);
    const ics = (await simpleParser(confirmation.raw)).attachments.find((a) =>
      a.contentType.startsWith("text/calendar"),
    )!;
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics.content.toString("utf8"))).getFirstSubcomponent("vevent")!,
    );
    expect(event.location).toBe(video);
    expect(event.description).toContain(`Join the video call: ${video}`);
    smtp.messages.length = 0;
    clock = Date.parse(SLOT) - HOUR;
    await worker().runOnce();
    expect(smtp.messages.find((m) => m.subject.startsWith("Reminder"))?.text).toContain(
      `Join by video: ${video}`,
    );
    // The download link's file is the same event, for importing.
    const file = await service().invitation(r.token, "http://localhost:3000");
    expect(file).toContain(`LOCATION:${video}`);
    expect(file).toContain("METHOD:PUBLISH");
    expect(file).toContain(`UID:${event.uid}`);
  });
});
