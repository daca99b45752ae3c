import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";

import { fieldIssues } from "~/schemas/inquiry";

import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../../tests/helpers/databases";
import { createLogger } from "../logger.server";
import { createFormGate, rateLimitedMessage } from "./form-gate.server";

const schema = z.strictObject(
  { name: z.string().min(1, "Please enter your name.") },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "Unexpected field." : undefined) },
);
const GENERAL = "Please correct the highlighted fields.";

describe(`the public forms' gate on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let lines: Record<string, unknown>[];
  beforeEach(async () => {
    database = await openTestDatabase();
    lines = [];
  });
  afterEach(async () => {
    await database.dispose();
  });

  function gate(rateLimitDisabled: boolean) {
    const stream = new Writable({
      write: (chunk: Buffer, _enc, done) => (
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>),
        done()
      ),
    });
    const log = createLogger({ NODE_ENV: "production", LOG_LEVEL: "info" }, { stream });
    const config = {
      RATE_LIMIT_DISABLED: rateLimitDisabled,
      LOG_HASH_KEY: "a log key for the gate's test, 32+ chars",
    };
    return createFormGate(database, {
      bucket: "test-form",
      form: "test",
      config,
      log,
      schema,
      issues: fieldIssues(["name"]),
      invalidMessage: GENERAL,
    });
  }

  it("counts a submission before reading it: after five malformed ones in a minute a valid one is refused with the wait, and the log names the client only by a tag", async () => {
    const admit = gate(false);
    const t = Date.UTC(2026, 0, 1, 12, 0, 10);
    const first = [];
    for (let i = 0; i < 5; i++) first.push(await admit({ nonsense: i }, "203.0.113.9", t));
    expect(first.map((a) => (a.ok ? "admitted" : a.refusal.kind))).toEqual(Array(5).fill("invalid"));
    expect(await admit({ name: "Ada" }, "203.0.113.9", t)).toEqual({
      ok: false,
      refusal: { kind: "rate-limited", retryAfterSeconds: 50, error: rateLimitedMessage(50) },
    });
    // Another client is not held back by this one.
    expect(await admit({ name: "Ada" }, "198.51.100.1", t)).toEqual({ ok: true, data: { name: "Ada" } });

    const limited = lines.filter((l) => l.msg === "test rate limit reached");
    expect(limited).toHaveLength(1);
    expect(limited[0]!.client).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(lines)).not.toContain("203.0.113.9");
  });

  it("answers a malformed submission with each field's first message, and the form's own problem before the general one", async () => {
    const admit = gate(false);
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(await admit({ name: "" }, "192.0.2.1", t)).toEqual({
      ok: false,
      refusal: { kind: "invalid", error: GENERAL, fieldErrors: { name: "Please enter your name." } },
    });
    expect(await admit({ name: "Ada", extra: "x" }, "192.0.2.1", t)).toEqual({
      ok: false,
      refusal: { kind: "invalid", error: "Unexpected field.", fieldErrors: {} },
    });
    expect(await admit({ name: "Ada" }, "192.0.2.1", t)).toEqual({ ok: true, data: { name: "Ada" } });
  });

  it("with RATE_LIMIT_DISABLED (load tests) counts nothing and only parses", async () => {
    const admit = gate(true);
    const t = Date.UTC(2026, 0, 1, 12, 0, 0);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await admit({ name: `Ada ${i}` }, "192.0.2.7", t));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(await database.db.selectFrom("rate_limits").selectAll().execute()).toEqual([]);
  });
});
