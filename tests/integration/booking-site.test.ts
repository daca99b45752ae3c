import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { bookingCopy } from "../../app/content/booking";
import { zoneLabel } from "../../app/lib/zone-time";
import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { insertLead } from "../../server/leads/insert.server";
import { createLogger } from "../../server/logger.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { randomIp } from "../helpers/inquiries";
import { builtSite } from "../helpers/site";

/**
 * /book and the manage link in the built site, as a browser without JavaScript uses them:
 * the page lists the slots in the zone it names, sending the form books the chosen one, the
 * link shows the booking (GET changes nothing) and POST acts. Pages load no JavaScript file.
 */
const T0 = Date.parse("2026-12-01T15:00:00Z");
const html = (s: string) => s.replace(/&#x27;/g, "'").replace(/&amp;/g, "&");

describe(`the booking pages of the built site (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  const clock = { t: T0 };
  const origin = "http://localhost:3000";

  beforeAll(async () => {
    const site = await builtSite();
    database = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      SITE_URL: origin,
      TRUST_PROXY: "true",
    });
    app = createApp({ config, database, logger: createLogger(config), site, now: () => clock.t });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const post = (path: string, fields: Record<string, string>) =>
    app.request(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, "x-forwarded-for": randomIp() },
      body: new URLSearchParams(fields).toString(),
    });

  it("shows a day, then its times, in the zone named on the page: the days are links, each radio's value its UTC instant, no script file", async () => {
    const res = await app.request("/book?tz=Europe/London&ref=pricing");
    expect(res.status).toBe(200);
    const page = html(await res.text());
    expect(page).toContain(`id="book-zone-name" class="font-semibold">${zoneLabel("Europe/London")}</span>`);
    // Wednesday 09:00 Vancouver (min. notice 12 h from Tuesday 08:00) is 16:00 in London: the first day with times.
    expect(page).toMatch(
      /<input type="radio"[^>]* name="slot" value="2026-12-02T16:00:00Z"[^>]*\/><time dateTime="2026-12-02T16:00:00Z">4:00 p.m.<\/time>/,
    );
    expect(page).toContain(
      '<legend id="book-times-legend" class="mb-2 text-lg font-semibold">Wednesday, December 2</legend>',
    );
    // Only that day's times are radios (16: Vancouver's 17:00 and 17:30 are past midnight in London);
    // the strip links to the others, keeping the zone and the source.
    expect(page.match(/name="slot"/g)).toHaveLength(16);
    expect(page).toContain('href="/book?tz=Europe%2FLondon&ref=pricing&day=2026-12-03#book-times"');
    expect(page).toMatch(/aria-current="date"[^>]*>\s*<span[^>]*>Wed<\/span>/);
    expect(page).not.toMatch(/<script[^>]+src=/);
    // Thursday, chosen by its link without JavaScript.
    const thursday = html(await (await app.request("/book?tz=Europe/London&day=2026-12-03")).text());
    expect(thursday).toContain(">Thursday, December 3</legend>");
    expect(thursday).not.toContain('value="2026-12-02T16:00:00Z"');
    const vancouver = html(await (await app.request("/book?tz=Nowhere/Atlantis")).text());
    expect(vancouver).toContain(">Pacific Time (Vancouver)</span>");
    expect(vancouver).toContain(">9:00 a.m.</time>");
  });

  it("a stranger who types a client's email sees nothing stored about it: the booked page, its data route and the calendar file use the name typed (issue 37)", async () => {
    await insertLead(database.db, {
      id: randomUUID(),
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
      created_at: new Date(T0 - 86_400_000).toISOString(),
    });
    const res = await post("/book", {
      name: "Mallory Stranger",
      email: "clara@example.com",
      topic: "Cancel my project",
      slot: "2026-12-09T17:00:00Z",
      tz: "UTC",
      elapsedMs: "4000",
    });
    expect(res.status).toBe(303);
    const path = res.headers.get("location")!.split("?")[0]!;
    const answers = [
      await (await app.request(`${path}?booked=1`)).text(),
      await (await app.request(`${path}.data`)).text(),
      await (await app.request(`${path}/invitation.ics`)).text(),
    ];
    for (const answer of answers) expect(answer).not.toMatch(/Clara|Client|Bakery|online shop|555 0199/);
    expect(answers[2]).toContain("Mallory Stranger");
  });

  it("books the chosen slot from a plain form post, shows it on its own page, and cancels it by POST only", async () => {
    const res = await post("/book?ref=pricing", {
      name: "Grace Hopper",
      email: "grace@example.com",
      topic: "A shop",
      slot: "2026-12-02T16:00:00Z",
      tz: "Europe/London",
      botcheck: "",
      // What the page's inline script writes on submit: the time spent on the form.
      elapsedMs: "4000",
    });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/book\/manage\/[A-Za-z0-9_-]{43}\?booked=1$/);
    const lead = await database.db
      .selectFrom("leads")
      .selectAll()
      .where("email", "=", "grace@example.com")
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ page: "/book", ref: "pricing" });

    const shown = await app.request(location);
    expect(shown.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(shown.headers.get("referrer-policy")).toBe("same-origin");
    const page = html(await shown.text());
    expect(page).toContain(bookingCopy.confirmedTitle);
    expect(page).toContain(`Wednesday, December 2, 2026 at 4:00 p.m. ${zoneLabel("Europe/London")}`);
    // What happens next, and the call in the visitor's calendar three ways, at the same UTC instant.
    expect(page).toContain(bookingCopy.nextStepsNoVideo[0]);
    expect(page).toContain("https://calendar.google.com/calendar/render?action=TEMPLATE&text=");
    expect(page).toContain("dates=20261202T160000Z%2F20261202T163000Z");
    expect(page).toContain("startdt=2026-12-02T16%3A00%3A00.000Z");
    const ics = await app.request(`${location.split("?")[0]}/invitation.ics`);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(ics.headers.get("cache-control")).toBe("no-store");
    expect(await ics.text()).toContain("DTSTART:20261202T160000Z");
    // Taken now: the list no longer offers it.
    expect(html(await (await app.request("/book")).text())).not.toContain('value="2026-12-02T16:00:00Z"');

    const path = location.split("?")[0]!;
    const cancelled = await post(path, { intent: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("/book?cancelled=1");
    expect(html(await (await app.request("/book?cancelled=1")).text())).toContain(bookingCopy.cancelled);
    const row = await database.db
      .selectFrom("bookings")
      .select("status")
      .where("starts_at", "=", "2026-12-02T16:00:00Z")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("cancelled");
    const spent = await app.request(path);
    expect(spent.status).toBe(404);
    expect(html(await spent.text())).toContain(bookingCopy.badLink);
  });

  it("answers a taken slot with the message and the nearest free time chosen, values kept; bad input changes nothing", async () => {
    await post("/book", {
      name: "First",
      email: "first@example.com",
      topic: "x",
      slot: "2026-12-03T17:00:00Z",
      tz: "UTC",
      elapsedMs: "4000",
    });
    const before = await database.db.selectFrom("bookings").select("id").execute();
    const lost = await post("/book", {
      name: "Second <b>",
      email: "second@example.com",
      topic: "y",
      slot: "2026-12-03T17:00:00Z",
      tz: "UTC",
      elapsedMs: "4000",
    });
    expect(lost.status).toBe(409);
    const page = html(await lost.text());
    expect(page).toContain(bookingCopy.taken);
    expect(page).toMatch(
      /<input type="radio"[^>]*(checked=""[^>]*value="2026-12-03T16:30:00Z"|value="2026-12-03T16:30:00Z"[^>]*checked="")/,
    );
    expect(page).toContain('value="Second &lt;b&gt;"');
    const past = await post("/book", {
      name: "Third",
      email: "third@example.com",
      topic: "z",
      slot: "2026-11-30T17:00:00Z",
      tz: "UTC",
      elapsedMs: "4000",
    });
    expect(past.status).toBe(409);
    expect(html(await past.text())).toContain(bookingCopy.slotProblems.past);
    expect(await database.db.selectFrom("bookings").select("id").execute()).toEqual(before);
  });

  it("asks a form sent within 3 s to be sent again, once: the next send books", async () => {
    const fields = {
      name: "Quick Quinn",
      email: "quick@example.com",
      topic: "Fast",
      slot: "2026-12-04T17:00:00Z",
      tz: "UTC",
      elapsedMs: "800",
    };
    const fast = await post("/book", fields);
    expect(fast.status).toBe(400);
    const page = html(await fast.text());
    expect(page).toContain(bookingCopy.tooFast);
    // The time already spent is carried in the form: the page's script adds the seconds of this attempt.
    const carried = /name="elapsedMs" value="(\d+)"/.exec(page)![1]!;
    expect(Number(carried)).toBeGreaterThanOrEqual(3000);
    expect((await post("/book", { ...fields, elapsedMs: String(Number(carried) + 400) })).status).toBe(303);
  });

  it("books nothing for a post that leaves the fill time out (a bot); a browser that ran no script books on its second send", async () => {
    const fields = {
      name: "Script Less",
      email: "noscript@example.com",
      topic: "No script",
      slot: "2026-12-04T18:00:00Z",
      tz: "UTC",
    };
    const before = await database.db.selectFrom("bookings").select("id").execute();
    // A bot that leaves fields out: no fill time, no honeypot (issue 37; before, it booked).
    const bot = await post("/book", fields);
    expect(bot.status).toBe(400);
    expect(html(await bot.text())).toContain(bookingCopy.tooFast);
    expect(await database.db.selectFrom("bookings").select("id").execute()).toEqual(before);
    // A browser without scripts sends the field empty: asked once, its second send carries the minimum.
    const first = await post("/book", { ...fields, botcheck: "", elapsedMs: "" });
    expect(first.status).toBe(400);
    const carried = /name="elapsedMs" value="(\d+)"/.exec(html(await first.text()))![1]!;
    expect((await post("/book", { ...fields, botcheck: "", elapsedMs: carried })).status).toBe(303);
  });

  it("inside the cut-off the manage page offers no change but the studio's contact, and a post changes nothing", async () => {
    const res = await post("/book", {
      name: "Late Larry",
      email: "late@example.com",
      topic: "Late",
      slot: "2026-12-08T17:00:00Z",
      tz: "America/Toronto",
      elapsedMs: "4000",
    });
    const path = res.headers.get("location")!.split("?")[0]!;
    expect(html(await (await app.request(path)).text())).toContain("Move my call to this time");
    clock.t = Date.parse("2026-12-08T17:00:00Z") - 11 * 60 * 60_000;
    try {
      const page = html(await (await app.request(path)).text());
      expect(page).toContain(bookingCopy.cutoff(720));
      expect(page).not.toContain("Move my call to this time");
      expect(page).not.toContain("Cancel my call");
      const forms: Record<string, string>[] = [
        { intent: "cancel" },
        { intent: "reschedule", slot: "2026-12-09T18:00:00Z" },
      ];
      for (const form of forms) {
        const refused = await post(path, form);
        expect(refused.status).toBe(409);
        expect(html(await refused.text())).toContain(bookingCopy.cutoff(720));
      }
      const row = await database.db
        .selectFrom("bookings")
        .select("status")
        .where("starts_at", "=", "2026-12-08T17:00:00Z")
        .execute();
      expect(row).toEqual([{ status: "booked" }]);
    } finally {
      clock.t = T0;
    }
  });

  it("a forged manage link shows no booking and acts on nothing", async () => {
    const forged = "/book/manage/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const res = await app.request(forged);
    expect(res.status).toBe(404);
    expect(html(await res.text())).toContain(bookingCopy.badLink);
    expect((await post(forged, { intent: "cancel" })).status).toBe(404);
    expect((await post(forged, { intent: "reschedule", slot: "2026-12-04T17:00:00Z" })).status).toBe(404);
    expect((await app.request(`${forged}/invitation.ics`)).status).toBe(404);
  });
});
