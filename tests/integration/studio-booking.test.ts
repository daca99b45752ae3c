import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { readSettings } from "../../server/booking/availability.server";
import { createCalendarFeeds, FEED_RATE_LIMIT } from "../../server/booking/feed.server";
import { createBookingService } from "../../server/booking/service.server";
import {
  BOOKING_SUBJECT,
  bookingStudioDeliveryHandlers,
  STUDIO_CANCEL_EMAIL,
} from "../../server/booking/studio-notifications.server";
import { loadConfig } from "../../server/config.server";
import { createLeadTimeline } from "../../server/leads/timeline.server";
import { createMailer } from "../../server/mail/mailer.server";
import { createOutboxWorker } from "../../server/outbox/outbox.server";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { openTestDatabase, testDatabaseKind } from "../helpers/databases";
import { randomIp, validInquiry } from "../helpers/inquiries";
import { capturingLogger } from "../helpers/logs";
import { builtSite } from "../helpers/site";
import { loaderData, signedInStudio, SITE, STUDIO_EMAIL, type SignedInStudio } from "../helpers/studio";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * The studio's side of discovery calls through the built site's pages: the
 * availability the visitor's slot computation reads, the agenda with cancel
 * and held (racing tabs change a call once), the lead's calls and timeline,
 * and the private calendar feed (listed, dropped after a cancel, revoked).
 */
describe(`studio calls on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  let smtp: FakeSmtp;
  let worker: ReturnType<typeof createOutboxWorker>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    h = await signedInStudio(
      { LOG_LEVEL: "silent", SMTP_URL: smtp.url, SITE_URL: SITE },
      { site: await builtSite() },
    );
    const { logger } = capturingLogger();
    const mailer = createMailer(h.config, logger);
    worker = createOutboxWorker({
      database: h.database,
      logger,
      handlers: bookingStudioDeliveryHandlers({ config: h.config, database: h.database, mailer }),
      now: () => h.clock.now,
    });
  });
  afterAll(async () => {
    await h?.dispose();
    await smtp?.stop();
  });

  const settingsPage = `${SITE}/studio/calls/settings.data`;
  const post = (path: string, form: Record<string, string>, client = h.browser) =>
    client.request(path, { method: "POST", form });
  /** What a page action answered (its `.data` response: the one route's data). */
  const actionOf = async (response: Response) => {
    const routes = await loaderData(response);
    return (routes.data ?? Object.values(routes)[0]?.data) as { error?: string; url?: string };
  };

  /** A lead from the inquiry form with one call booked a day further ahead than the last, at 10:00 Vancouver (17:00 UTC). */
  let daysAhead = 1;
  async function bookedCall(extra: { rescheduled_from?: string } = {}) {
    const inDays = daysAhead++;
    h.clock.now += 1000;
    const res = await h.client().request("/api/inquiries", {
      method: "POST",
      body: { ...validInquiry, email: `visitor-${randomUUID().slice(0, 8)}@example.com` },
    });
    const leadId = ((await res.json()) as { id: string }).id;
    const day = new Date(h.clock.now + inDays * DAY).toISOString().slice(0, 10);
    const startsAt = `${day}T17:00:00Z`;
    const id = randomUUID();
    const at = new Date(h.clock.now).toISOString();
    await h.database.db
      .insertInto("bookings")
      .values({
        id,
        lead_id: leadId,
        starts_at: startsAt,
        ends_at: `${day}T17:30:00Z`,
        status: "booked",
        time_zone: "Europe/London",
        topic: "A new site for the engine workshop",
        company: "Analytical Engines Ltd",
        manage_token_hash: createHash("sha256").update(randomBytes(32)).digest("hex"),
        rescheduled_from: extra.rescheduled_from ?? null,
        cancelled_at: null,
        cancelled_by: null,
        held_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { id, leadId, startsAt };
  }
  const booking = (id: string) =>
    h.database.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const timeline = (leadId: string) =>
    h.database.db.selectFrom("lead_activity").selectAll().where("lead_id", "=", leadId).execute();
  const settingsRow = () => h.database.db.selectFrom("booking_settings").selectAll().execute();

  /** The settings form as its pickers post it: each day's ranges, then durations in minutes. */
  const hours = (day: string, ...ranges: [string, string][]) =>
    Object.fromEntries(
      ranges.flatMap(([from, to], i) => [
        [`hours.${day}.${i}.from`, from],
        [`hours.${day}.${i}.to`, to],
      ]),
    );
  const availability: Record<string, string> = {
    intent: "availability",
    ...hours("mon", ["09:00", "12:00"], ["13:00", "17:30"]),
    ...hours("tue", ["09:00", "17:00"]),
    ...hours("thu", ["10:30", "16:00"]),
    ...hours("fri", ["09:00", "12:00"]),
    // A row left empty (a closed day's, before JavaScript) is no hours.
    ...hours("sat", ["", ""]),
    "min-notice": "1440",
    buffer: "15",
    cutoff: "240",
    "daily-max": "4",
    "video-link": "https://meet.example.com/cascadia",
  };

  it("shows the site's hours and a 12-hour notice until the studio saves its own, then stores what the form says", async () => {
    const before = await h.browser.page<{ settings: Awaited<ReturnType<typeof readSettings>> }>(
      "/studio/calls/settings",
      "studio/call-settings",
    );
    expect(before.settings).toMatchObject({ minNoticeMinutes: 720, daysOff: [] });
    expect(before.settings.weeklyHours.mon).toEqual([["09:00", "18:00"]]);
    expect(before.settings.weeklyHours.sun).toEqual([]);

    const res = await post(settingsPage, availability);
    expect(res.status).toBe(200);
    expect(await readSettings(h.database.db)).toEqual({
      weeklyHours: {
        mon: [
          ["09:00", "12:00"],
          ["13:00", "17:30"],
        ],
        tue: [["09:00", "17:00"]],
        wed: [],
        thu: [["10:30", "16:00"]],
        fri: [["09:00", "12:00"]],
        sat: [],
        sun: [],
      },
      daysOff: [],
      minNoticeMinutes: 24 * 60,
      bufferMinutes: 15,
      dailyMax: 4,
      cutoffMinutes: 240,
      videoLink: "https://meet.example.com/cascadia",
    });
    expect((await settingsRow())[0]).toMatchObject({ id: "default", updated_by: STUDIO_EMAIL });
  });

  it("refuses hours off the half hour, backwards or overlapping, and numbers out of range, with a message and nothing changed", async () => {
    await post(settingsPage, availability);
    const stored = await settingsRow();
    // Each problem is named beside its field (its id), the form's alert says nothing was saved.
    const bad: [Record<string, string>, string, RegExp][] = [
      [hours("mon", ["17:00", "09:00"]), "hours-mon", /Monday: the hours must end after they start/],
      [hours("tue", ["09:15", "10:00"]), "hours-tue", /Tuesday: choose times from the list/],
      [hours("wed", ["09:00", ""]), "hours-wed", /Wednesday: choose when the hours start and end/],
      [hours("thu", ["09:00", "12:00"], ["11:30", "13:00"]), "hours-thu", /Thursday: the hours overlap/],
      [hours("fri", ["25:00", "26:00"]), "hours-fri", /Friday: choose times from the list/],
      [{ "min-notice": "-1" }, "min-notice", /Choose the minimum notice/],
      [{ "min-notice": "99999" }, "min-notice", /at most 43200 minutes/],
      [{ buffer: "2.5" }, "buffer", /Choose the buffer/],
      [{ cutoff: "" }, "cutoff", /Choose the cut-off/],
      [{ "daily-max": "0" }, "daily-max", /from 1 to 48/],
      [{ "video-link": "http://meet.example.com/x" }, "video-link", /https:\/\//],
      [{ "video-link": "javascript:alert(1)" }, "video-link", /https:\/\//],
    ];
    for (const [fields, id, message] of bad) {
      const res = await post(settingsPage, { ...availability, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const answer = (await actionOf(res)) as { error?: string; fieldErrors?: Record<string, string> };
      expect(answer.error).toBe("Please correct the highlighted fields: nothing was saved.");
      expect(answer.fieldErrors?.[id], JSON.stringify(fields)).toMatch(message);
    }
    const { "daily-max": _missing, ...without } = availability;
    expect((await post(settingsPage, without)).status).toBe(400);
    expect(await settingsRow()).toEqual(stored);
  });

  it("adds and removes days off, refusing a date that does not exist", async () => {
    expect((await post(settingsPage, { intent: "day-off-add", date: "2026-12-25" })).status).toBe(200);
    expect((await post(settingsPage, { intent: "day-off-add", date: "2026-12-24" })).status).toBe(200);
    const invalid = await post(settingsPage, { intent: "day-off-add", date: "2026-02-30" });
    expect(invalid.status).toBe(400);
    expect((await actionOf(invalid)).error).toBe("Choose a date that exists.");
    expect((await readSettings(h.database.db)).daysOff).toEqual(["2026-12-24", "2026-12-25"]);
    expect((await post(settingsPage, { intent: "day-off-remove", date: "2026-12-24" })).status).toBe(200);
    expect((await readSettings(h.database.db)).daysOff).toEqual(["2026-12-25"]);
  });

  it("keeps every day off that tabs add at once, and hours saved meanwhile", async () => {
    const days = Array.from({ length: 8 }, (_, i) => `2027-01-${String(i + 10).padStart(2, "0")}`);
    const answers = await Promise.all([
      ...days.map((date) => post(settingsPage, { intent: "day-off-add", date })),
      post(settingsPage, { ...availability, buffer: "30" }),
    ]);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const settings = await readSettings(h.database.db);
    expect(settings.daysOff).toEqual(expect.arrayContaining(days));
    expect(settings.bufferMinutes).toBe(30);
    await Promise.all(days.map((date) => post(settingsPage, { intent: "day-off-remove", date })));
    expect((await readSettings(h.database.db)).daysOff.filter((d) => days.includes(d))).toEqual([]);
  });

  it("lists upcoming calls with the visitor's name, company and topic, linked to the lead, and the lead's page shows them", async () => {
    const call = await bookedCall();
    const agenda = await h.browser.page<{
      upcoming: { id: string; lead_id: string; first_name: string; company: string; topic: string }[];
    }>("/studio/calls", "studio/calls");
    expect(agenda.upcoming.find((c) => c.id === call.id)).toMatchObject({
      lead_id: call.leadId,
      first_name: "Ada",
      company: "Analytical Engines Ltd",
      topic: "A new site for the engine workshop",
    });
    const lead = await h.browser.page<{ calls: { id: string; status: string }[] }>(
      `/studio/leads/${call.leadId}`,
      "studio/lead",
    );
    expect(lead.calls).toEqual([
      expect.objectContaining({ id: call.id, status: "booked", starts_at: call.startsAt }),
    ]);
    const html = await (await h.browser.request(`${SITE}/studio/calls`)).text();
    expect(html).toContain(`href="/studio/leads/${call.leadId}"`);

    // The visitor moved a call: the old one is cancelled by them, the new one points back at it.
    const moved = await bookedCall();
    await h.database.db
      .updateTable("bookings")
      .set({ status: "cancelled", cancelled_by: "visitor" })
      .where("id", "=", moved.id)
      .execute();
    const successor = await bookedCall({ rescheduled_from: moved.id });
    const after = await h.browser.page<{
      upcoming: { id: string }[];
      recent: { id: string; rescheduled: boolean }[];
    }>("/studio/calls", "studio/calls");
    expect(after.recent.find((c) => c.id === moved.id)?.rescheduled).toBe(true);
    expect(after.upcoming.map((c) => c.id)).toContain(successor.id);
    expect(await (await h.browser.request(`${SITE}/studio/calls`)).text()).toContain(
      "Rescheduled by the visitor",
    );
  });

  it("two tabs cancelling a call at once cancel it once: one email to the visitor, one timeline entry", async () => {
    const call = await bookedCall();
    const unconfirmed = await post(`${SITE}/studio/calls.data`, { intent: "cancel", bookingId: call.id });
    expect(unconfirmed.status).toBe(400);
    expect((await booking(call.id)).status).toBe("booked");

    const tabs = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(`${SITE}/studio/calls.data`, { intent: "cancel", bookingId: call.id, confirm: "yes" }),
      ),
    );
    expect(tabs.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const refused = tabs.find((r) => r.status === 409)!;
    expect((await actionOf(refused)).error).toBe("This call is already cancelled.");
    expect(await booking(call.id)).toMatchObject({
      status: "cancelled",
      cancelled_by: `studio:${STUDIO_EMAIL}`,
    });
    expect((await timeline(call.leadId)).filter((a) => a.kind === "booking-cancelled")).toEqual([
      expect.objectContaining({
        actor_email: STUDIO_EMAIL,
        body: `Call of ${call.startsAt} cancelled by the studio`,
      }),
    ]);

    const queued = await h.database.db
      .selectFrom("outbox")
      .selectAll()
      .where("channel", "=", STUDIO_CANCEL_EMAIL)
      .where("subject_id", "=", call.id)
      .execute();
    expect(queued).toHaveLength(1);
    const sent = smtp.messages.length;
    await worker.runOnce();
    const mails = smtp.messages.slice(sent);
    expect(mails).toHaveLength(1);
    const visitor = await h.database.db
      .selectFrom("leads")
      .select("email")
      .where("id", "=", call.leadId)
      .executeTakeFirstOrThrow();
    expect(mails[0]!.to).toEqual([visitor.email]);
    expect(mails[0]!.subject).toBe("Your call with Cascadia Web Studio is cancelled");
    // In the zone the visitor booked in (London is UTC+0 in winter): 17:00 UTC reads 5:00 p.m.
    expect(mails[0]!.text).toMatch(/5:00\s?p\.m\. [A-Za-z ]+ \(London\)/);
    expect(mails[0]!.text).toContain(`${SITE}/book`);

    const agenda = await h.browser.page<{
      upcoming: { id: string }[];
      recent: { id: string; status: string }[];
    }>("/studio/calls", "studio/calls");
    expect(agenda.upcoming.map((c) => c.id)).not.toContain(call.id);
    expect(agenda.recent.find((c) => c.id === call.id)?.status).toBe("cancelled");
  });

  it("marks a call held once it has started, once however many tabs post it, and refuses to cancel it then", async () => {
    const call = await bookedCall();
    const early = await post(`${SITE}/studio/calls.data`, { intent: "held", bookingId: call.id });
    expect(early.status).toBe(409);
    expect((await actionOf(early)).error).toBe("A call can be marked held once it has started.");

    h.clock.now = Date.parse(call.startsAt) + 5 * 60_000;
    const late = await post(`${SITE}/studio/calls.data`, {
      intent: "cancel",
      bookingId: call.id,
      confirm: "yes",
    });
    expect(late.status).toBe(409);
    expect((await actionOf(late)).error).toBe("This call has started: mark it held instead.");

    const tabs = await Promise.all(
      Array.from({ length: 4 }, () =>
        post(`${SITE}/studio/calls.data`, { intent: "held", bookingId: call.id }),
      ),
    );
    expect(tabs.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await booking(call.id)).status).toBe("held");
    expect(
      (await timeline(call.leadId)).filter((a) => a.kind.startsWith("booking-")).map((a) => a.kind),
    ).toEqual(["booking-held"]);
    expect(
      await h.database.db.selectFrom("outbox").select("id").where("subject_id", "=", call.id).execute(),
    ).toEqual([]);
  });

  it("marks a started call a no-show (also one marked held by mistake), once, with a timeline line; never one not yet started", async () => {
    const call = await bookedCall();
    const early = await post(`${SITE}/studio/calls.data`, { intent: "no-show", bookingId: call.id });
    expect(early.status).toBe(409);
    expect((await actionOf(early)).error).toBe("A call can be marked a no-show once it has started.");
    h.clock.now = Date.parse(call.startsAt) + 20 * 60_000;
    expect((await post(`${SITE}/studio/calls.data`, { intent: "held", bookingId: call.id })).status).toBe(
      200,
    );
    const tabs = await Promise.all(
      Array.from({ length: 3 }, () =>
        post(`${SITE}/studio/calls.data`, { intent: "no-show", bookingId: call.id }),
      ),
    );
    expect(tabs.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await actionOf(tabs.find((r) => r.status === 409)!)).error).toBe(
      "This call is already marked a no-show.",
    );
    expect(await booking(call.id)).toMatchObject({ status: "no-show", held_at: null });
    expect(
      (await timeline(call.leadId)).filter((a) => a.kind.startsWith("booking-")).map((a) => [a.kind, a.body]),
    ).toEqual([
      ["booking-held", `Call of ${call.startsAt} held`],
      ["booking-no-show", `Call of ${call.startsAt}: the visitor did not come`],
    ]);
    const agenda = await h.browser.page<{ recent: { id: string; status: string }[] }>(
      "/studio/calls",
      "studio/calls",
    );
    expect(agenda.recent.find((c) => c.id === call.id)?.status).toBe("no-show");
    expect(await (await h.browser.request(`${SITE}/studio/calls`)).text()).toContain("No-show");
  });

  it("says beside each call booked with a typed address that it is not verified, on the agenda and the lead's page", async () => {
    const call = await bookedCall();
    await h.database.db
      .updateTable("bookings")
      .set({ visitor_name: "Mallory Stranger", email: "ada@example.com", identity: "typed" })
      .where("id", "=", call.id)
      .execute();
    for (const path of ["/studio/calls", `/studio/leads/${call.leadId}`]) {
      const html = await (await h.browser.request(`${SITE}${path}`)).text();
      expect(html, path).toContain("Mallory Stranger");
      expect(html, path).toContain("Email not verified");
    }
  });

  it("exports a lead's calls without the manage link's hash, and deleting the lead deletes its calls and every email queued about them", async () => {
    const call = await bookedCall();
    const other = await bookedCall();
    // A reminder the visitor's side queued for later, as it does for each booking.
    await h.database.db
      .insertInto("outbox")
      .values({
        id: randomUUID(),
        subject_type: BOOKING_SUBJECT,
        subject_id: call.id,
        channel: "booking-reminder-email",
        status: "pending",
        attempts: 0,
        next_attempt_at: new Date(h.clock.now + DAY).toISOString(),
        created_at: new Date(h.clock.now).toISOString(),
      })
      .execute();
    const exported = (await (
      await h.browser.request(`/api/studio/leads/${call.leadId}/export.json`)
    ).json()) as { calls: Record<string, unknown>[] };
    expect(exported.calls).toEqual([
      expect.objectContaining({
        starts_at: call.startsAt,
        status: "booked",
        topic: "A new site for the engine workshop",
        company: "Analytical Engines Ltd",
        time_zone: "Europe/London",
      }),
    ]);
    expect(exported.calls[0]).not.toHaveProperty("manage_token_hash");

    expect((await h.browser.deleteLead(call.leadId)).status).toBe(302);
    expect(
      await h.database.db.selectFrom("bookings").select("id").where("id", "=", call.id).execute(),
    ).toEqual([]);
    expect(
      await h.database.db
        .selectFrom("outbox")
        .select("id")
        .where("subject_type", "=", BOOKING_SUBJECT)
        .where("subject_id", "=", call.id)
        .execute(),
    ).toEqual([]);
    // Another person's call stays.
    expect((await booking(other.id)).status).toBe("booked");
  });

  it("the visitor's slots follow the hours the studio saves, and a call booked there is in the agenda, the timeline and the feed", async () => {
    const visitor = createBookingService({
      config: { RATE_LIMIT_DISABLED: true, LOG_HASH_KEY: undefined },
      database: h.database,
      logger: capturingLogger().logger,
      manageSecret: "test-secret-test-secret-test-secret-test",
      timeline: createLeadTimeline(),
      now: () => h.clock.now,
    });
    // Wednesdays only, 10:00-11:00 Vancouver (17:00 and 17:30 UTC), no notice.
    const wednesdays = {
      intent: "availability",
      ...hours("wed", ["10:00", "11:00"]),
      "min-notice": "0",
      buffer: "0",
      cutoff: "720",
      "daily-max": "2",
      "video-link": "",
    };
    expect((await post(settingsPage, wednesdays)).status).toBe(200);
    const slots = await visitor.slots();
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(new Date(slot).getUTCDay(), slot).toBe(3);
      expect(["17:00", "17:30"], slot).toContain(slot.slice(11, 16));
    }
    // A day off removes that Wednesday from what the visitor is offered.
    const first = slots[0]!.slice(0, 10);
    expect((await post(settingsPage, { intent: "day-off-add", date: first })).status).toBe(200);
    expect((await visitor.slots()).some((s) => s.startsWith(first))).toBe(false);
    const open = await visitor.slots();

    const booked = await visitor.book(
      {
        name: "Grace Hopper",
        email: "grace@example.com",
        company: "Compilers Inc",
        topic: "A site for our compiler",
        slot: open[0],
        tz: "America/Los_Angeles",
        elapsedMs: "5000",
      },
      { clientIp: randomIp() },
    );
    expect(booked.kind).toBe("booked");
    const id = booked.kind === "booked" ? booked.booking.id : "";
    const agenda = await h.browser.page<{
      upcoming: { id: string; first_name: string; last_name: string; company: string; lead_id: string }[];
    }>("/studio/calls", "studio/calls");
    const call = agenda.upcoming.find((c) => c.id === id)!;
    expect(call).toMatchObject({ first_name: "Grace", last_name: "Hopper", company: "Compilers Inc" });
    const lead = await h.browser.page<{ activity: { kind: string }[]; calls: { id: string }[] }>(
      `/studio/leads/${call.lead_id}`,
      "studio/lead",
    );
    expect(lead.activity.map((a) => a.kind)).toContain("booking-created");
    expect(lead.calls.map((c) => c.id)).toEqual([id]);
    const url = (await actionOf(await post(settingsPage, { intent: "feed-create" }))).url!;
    expect(await (await h.client().request(url)).text()).toContain(`UID:${id}@`);
  });

  it("answers 404 for a call that does not exist and 400 for an unknown action", async () => {
    expect(
      (await post(`${SITE}/studio/calls.data`, { intent: "cancel", bookingId: randomUUID(), confirm: "yes" }))
        .status,
    ).toBe(404);
    expect(
      (await post(`${SITE}/studio/calls.data`, { intent: "reopen", bookingId: randomUUID() })).status,
    ).toBe(400);
  });

  it("the calendar feed lists booked and held calls with name, topic and lead link only, drops a cancelled one, and a revoked or replaced URL answers 404", async () => {
    const created = await post(settingsPage, { intent: "feed-create" });
    expect(created.status).toBe(200);
    const url = (await actionOf(created)).url!;
    expect(url).toMatch(new RegExp(`^${SITE}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const token = url.slice(`${SITE}/calendar/`.length, -".ics".length);
    // Only the secret's SHA-256 is stored.
    const feeds = await h.database.db.selectFrom("calendar_feeds").selectAll().execute();
    const feed = feeds.find((f) => f.token_hash === createHash("sha256").update(token).digest("hex"));
    expect(feed).toBeDefined();
    expect(JSON.stringify(feeds)).not.toContain(token);

    const call = await bookedCall();
    const read = () => h.client().request(url);
    const first = await read();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    // Unfolded: iCalendar wraps lines at 75 octets.
    const ics = (await first.text()).replace(/\r\n[ \t]/g, "");
    const stamp = call.startsAt.replace(/[-:]/g, "");
    expect(ics).toContain(`UID:${call.id}@localhost`);
    expect(ics).toContain(`DTSTART:${stamp}`);
    expect(ics).toContain("SUMMARY:Call: Ada Lovelace");
    expect(ics).toContain("A new site for the engine workshop");
    expect(ics).toContain(`/studio/leads/${call.leadId}`);
    // No email, phone or company: the studio needs the name, the topic and the lead's page.
    expect(ics).not.toMatch(/@example\.com|604-555|Analytical Engines/);

    expect(
      (await post(`${SITE}/studio/calls.data`, { intent: "cancel", bookingId: call.id, confirm: "yes" }))
        .status,
    ).toBe(200);
    const after = await (await read()).text();
    expect(after).not.toContain(call.id);

    const liveIds = async () =>
      (
        await h.browser.page<{ feeds: { id: string }[] }>("/studio/calls/settings", "studio/call-settings")
      ).feeds.map((f) => f.id);
    const before = await liveIds();
    const rotated = await post(settingsPage, { intent: "feed-rotate", feedId: feed!.id });
    const newUrl = (await actionOf(rotated)).url!;
    expect((await read()).status).toBe(404);
    expect((await h.client().request(newUrl)).status).toBe(200);
    const [live] = (await liveIds()).filter((id) => !before.includes(id));
    expect(await liveIds()).not.toContain(feed!.id);
    expect((await post(settingsPage, { intent: "feed-revoke", feedId: live! })).status).toBe(200);
    expect((await h.client().request(newUrl)).status).toBe(404);
    expect((await post(settingsPage, { intent: "feed-revoke", feedId: live! })).status).toBe(404);

    for (const path of [
      "/calendar/not-a-token.ics",
      `/calendar/${"A".repeat(43)}.ics`,
      `/calendar/${token}`,
    ]) {
      expect((await h.client().request(path)).status, path).toBe(404);
    }
  });

  it("refuses the studio's call pages and actions to anonymous visitors and other sites", async () => {
    const feeds = () => h.database.db.selectFrom("calendar_feeds").select("id").execute();
    const before = await feeds();
    for (const path of [`${SITE}/studio/calls.data`, settingsPage]) {
      expect(
        (await h.client().request(path, { method: "POST", form: { intent: "feed-create" } })).status,
        path,
      ).toBe(401);
      expect(
        (
          await h.browser.request(path, {
            method: "POST",
            form: { intent: "feed-create" },
            headers: { origin: "https://evil.example" },
          })
        ).status,
        path,
      ).toBe(403);
    }
    expect(await feeds()).toEqual(before);
  });
});

describe(`the calendar feed's URL on ${testDatabaseKind}`, () => {
  it("is rate-limited per address and never written whole to the log", async () => {
    const database = await openTestDatabase();
    try {
      const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "true" });
      const { logger, raw } = capturingLogger("info");
      const clock = { now: Date.now() };
      const app = createApp({ config, database, logger, now: () => clock.now });
      const url = await createCalendarFeeds({ config, database }).create({ id: "u1", email: STUDIO_EMAIL });
      const path = new URL(url).pathname;
      const token = path.slice("/calendar/".length, -".ics".length);
      const ip = randomIp();
      const statuses: number[] = [];
      for (let i = 0; i <= FEED_RATE_LIMIT.max; i++)
        statuses.push((await app.request(path, { headers: { "x-forwarded-for": ip } })).status);
      expect(statuses.slice(0, FEED_RATE_LIMIT.max).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another address is not held back by the first one's guesses.
      expect((await app.request(path, { headers: { "x-forwarded-for": randomIp() } })).status).toBe(200);
      const log = raw.join("\n");
      expect(log).toContain('"path":"/calendar/');
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.slice(0, 16));
    } finally {
      await database.dispose();
    }
  });
});
