import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { budgetOptions, inquiryFieldsSchema, projectTypeOptions, timelineOptions } from "~/schemas/inquiry";

import { inquiryFromRow } from "../../../server/inquiries/notifications.server";
import { createTestApp } from "../../helpers/app";
import { testDatabaseKind } from "../../helpers/databases";
import {
  expectCleanAnswer,
  expectNoPollution,
  extraEntries,
  hostileString,
  hostileValue,
  jsonObjectText,
  multipart,
  rawRequest,
  RUNS,
  urlencoded,
  type Entries,
} from "./hostile";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Printable text a person might really type, in any script, within the field limits. */
const humanText = (max: number) =>
  fc
    .string({ unit: "grapheme", minLength: 1, maxLength: max })
    .filter((s) => s.trim().length > 0 && !/[\r\n]/.test(s));

/** A plausible inquiry where any field may be replaced by something hostile, plus stray keys. */
const inquiryEntries: fc.Arbitrary<Entries> = fc
  .record({
    firstName: fc.oneof(humanText(30), hostileValue),
    lastName: fc.oneof(humanText(30), hostileValue),
    email: fc.oneof(fc.emailAddress(), hostileValue),
    phone: fc.option(fc.oneof(humanText(20), hostileValue), { nil: undefined }),
    company: fc.option(fc.oneof(humanText(50), hostileValue), { nil: undefined }),
    projectType: fc.oneof(fc.constantFrom(...projectTypeOptions.map((o) => o.value)), hostileValue),
    budget: fc.option(fc.oneof(fc.constantFrom("", ...budgetOptions.map((o) => o.value)), hostileValue), {
      nil: undefined,
    }),
    timeline: fc.option(fc.oneof(fc.constantFrom("", ...timelineOptions.map((o) => o.value)), hostileValue), {
      nil: undefined,
    }),
    message: fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 400 }), hostileValue),
    elapsedMs: fc.option(
      fc.oneof(fc.constantFrom(5000, "5000", "1e308", "-0", "NaN", "Infinity"), hostileValue),
      { nil: undefined },
    ),
  })
  .chain((fields) =>
    extraEntries.map((extra) => {
      const entries: Entries = Object.entries(fields).filter(([, v]) => v !== undefined);
      return [...entries, ...extra];
    }),
  );

describe(`POST /api/inquiries under generated and hostile input on ${testDatabaseKind}`, () => {
  let t: TestApp;
  const counts = { requests: 0, stored: 0 };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: "true" });
  });
  afterAll(async () => {
    // Every stored row is one the shared schema accepts as it is, with its notification queued unless it is in quarantine.
    const rows = await t.database.db.selectFrom("leads").selectAll().execute();
    for (const row of rows) {
      const inquiry = inquiryFromRow(row);
      const again = inquiryFieldsSchema.safeParse(inquiry);
      expect(
        again.success,
        `stored row ${row.id} no longer valid: ${JSON.stringify(again.error?.issues)}`,
      ).toBe(true);
      expect(again.data).toEqual(JSON.parse(JSON.stringify(inquiry)));
    }
    // Suspected spam (a filled honeypot, a fill time under the minimum) is kept in quarantine with nothing queued.
    const outbox = await t.database.db.selectFrom("outbox").select("subject_id").execute();
    expect(new Set(outbox.map((o) => o.subject_id))).toEqual(
      new Set(rows.filter((r) => r.quarantine_reason === null).map((r) => r.id)),
    );
    expect(rows.length).toBe(counts.stored);
    console.info(
      `inquiries property: ${counts.requests} requests, ${counts.stored} stored (${testDatabaseKind})`,
    );
    await t.dispose();
  });

  const post = (body: BodyInit, contentType?: string) =>
    t.app.request("/api/inquiries", {
      method: "POST",
      body,
      headers: contentType === undefined ? {} : { "content-type": contentType },
    });

  async function check(res: Response, label: string) {
    counts.requests++;
    const text = await expectCleanAnswer(res, label);
    expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
    const body = JSON.parse(text) as { success: boolean; id?: string; error?: string };
    expect(typeof body.success).toBe("boolean");
    if (res.status === 200) {
      expect(body.success).toBe(true);
      const stored = await t.database.db
        .selectFrom("leads")
        .select("id")
        .where("id", "=", body.id!)
        .executeTakeFirst();
      if (stored) counts.stored++;
    } else {
      expect(body.success, label).toBe(false);
      expect(typeof body.error).toBe("string");
    }
    expectNoPollution();
    return { status: res.status, body };
  }

  it("answers JSON objects of every shape with 200 or a 4xx, and stores only valid leads", async () => {
    await fc.assert(
      fc.asyncProperty(inquiryEntries, async (entries) => {
        const text = jsonObjectText(entries);
        await check(await post(text, "application/json"), text.slice(0, 300));
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it("answers the same fields form-urlencoded and as multipart", async () => {
    await fc.assert(
      fc.asyncProperty(inquiryEntries, fc.boolean(), async (entries, asMultipart) => {
        const res = asMultipart
          ? await post(multipart(entries))
          : await post(urlencoded(entries), "application/x-www-form-urlencoded");
        await check(
          res,
          `${asMultipart ? "multipart" : "urlencoded"} ${JSON.stringify(entries).slice(0, 300)}`,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("answers any body under any content type without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(rawRequest, async ({ contentType, body }) => {
        await check(await post(body, contentType), `${contentType}: ${body.slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it("keeps valid unicode (RTL, zero-width, astral) exactly in a message, refuses invisible format characters in a name, and refuses NUL", async () => {
    const invisible = ["\u202E", "\u200B", "\u2060"];
    await fc.assert(
      fc.asyncProperty(
        humanText(60),
        fc.constantFrom(...invisible, "𝕳", "مرحبا", "\u0301"),
        async (name, odd) => {
          const firstName = `${name.trim()}${odd}x`.slice(0, 100);
          const { status, body } = await check(
            await post(
              JSON.stringify({
                firstName,
                lastName: "Test",
                email: "a@example.com",
                projectType: "basic",
                message: `${odd} hi`,
              }),
              "application/json",
            ),
            firstName,
          );
          // A name is printed on invoices and emails: a direction override or zero-width character in it
          // would print another name than the record holds (issue 37), so it is refused beside the field.
          if (invisible.some((c) => firstName.includes(c))) {
            expect(status).toBe(400);
            expect(JSON.stringify(body)).toMatch(/First name holds an invisible formatting character/);
            return;
          }
          expect(status).toBe(200);
          const row = await t.database.db
            .selectFrom("leads")
            .selectAll()
            .where("id", "=", body.id!)
            .executeTakeFirstOrThrow();
          expect(row.first_name).toBe(firstName.trim());
          expect(row.message).toBe(`${odd} hi`.trim());
        },
      ),
      { numRuns: Math.ceil(RUNS / 3) },
    );
    // The message, which is never printed as a name, keeps them exactly.
    const { status, body } = await check(
      await post(
        JSON.stringify({
          firstName: "Ada",
          lastName: "Test",
          email: "a@example.com",
          projectType: "basic",
          message: `a\u202Eb\u200Bc\u2060d`,
        }),
        "application/json",
      ),
      "message",
    );
    expect(status).toBe(200);
    const row = await t.database.db
      .selectFrom("leads")
      .select("message")
      .where("id", "=", body.id!)
      .executeTakeFirstOrThrow();
    expect(row.message).toBe("a\u202Eb\u200Bc\u2060d");
    const nul = await check(
      await post(
        JSON.stringify({
          firstName: "A\u0000B",
          lastName: "T",
          email: "a@example.com",
          projectType: "basic",
          message: "m\u0000",
        }),
        "application/json",
      ),
      "NUL",
    );
    expect(nul.status).toBe(400);
  });

  it("refuses a body over the cap with 413 whatever its type", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 64 * 1024 + 1, max: 400 * 1024 }),
        fc.constantFrom("application/json", "application/x-www-form-urlencoded", "text/plain"),
        async (size, type) => {
          const res = await post("a".repeat(size), type);
          counts.requests++;
          expect(res.status).toBe(413);
          await expectCleanAnswer(res, `${size} bytes`);
        },
      ),
      { numRuns: 20 },
    );
  });

  it("generates hostile strings at all (sanity)", () => {
    expect(fc.sample(hostileString, 50).some((s) => s.length > 0)).toBe(true);
  });
});
