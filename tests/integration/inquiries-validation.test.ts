import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testDatabaseKind } from "../helpers/databases";
import { createInquiryHarness, validInquiry, type InquiryHarness } from "../helpers/inquiries";

type Case = {
  name: string;
  body: unknown;
  status: number;
  /** The field named in fieldErrors and its message, or the top-level error. */
  field?: string;
  message: RegExp;
  headers?: Record<string, string>;
  raw?: boolean;
};

const without = (key: keyof typeof validInquiry) => {
  const { [key]: _, ...rest } = validInquiry;
  return rest;
};

const cases: Case[] = [
  {
    name: "missing first name",
    body: without("firstName"),
    status: 400,
    field: "firstName",
    message: /^First name must be text\.$/,
  },
  {
    name: "whitespace-only first name",
    body: { ...validInquiry, firstName: "   " },
    status: 400,
    field: "firstName",
    message: /^First name is required\.$/,
  },
  {
    name: "missing last name",
    body: without("lastName"),
    status: 400,
    field: "lastName",
    message: /Last name/,
  },
  {
    name: "whitespace-only last name",
    body: { ...validInquiry, lastName: "\t \n" },
    status: 400,
    field: "lastName",
    message: /^Last name is required\.$/,
  },
  { name: "missing email", body: without("email"), status: 400, field: "email", message: /Email/ },
  {
    name: "whitespace-only email",
    body: { ...validInquiry, email: "  " },
    status: 400,
    field: "email",
    message: /^Email is required\.$/,
  },
  {
    name: "bad email",
    body: { ...validInquiry, email: "ada@" },
    status: 400,
    field: "email",
    message: /^Please enter a valid email address\.$/,
  },
  {
    name: "missing message",
    body: without("message"),
    status: 400,
    field: "message",
    message: /Project details/,
  },
  {
    name: "whitespace-only message",
    body: { ...validInquiry, message: "  \n " },
    status: 400,
    field: "message",
    message: /^Project details is required\.$/,
  },
  {
    name: "missing project type",
    body: without("projectType"),
    status: 400,
    field: "projectType",
    message: /^Please choose a project type\.$/,
  },
  {
    name: "overlong first name",
    body: { ...validInquiry, firstName: "A".repeat(101) },
    status: 400,
    field: "firstName",
    message: /at most 100 characters/,
  },
  {
    name: "overlong last name",
    body: { ...validInquiry, lastName: "L".repeat(101) },
    status: 400,
    field: "lastName",
    message: /at most 100 characters/,
  },
  {
    name: "overlong email",
    body: { ...validInquiry, email: `${"a".repeat(250)}@example.com` },
    status: 400,
    field: "email",
    message: /at most 254 characters/,
  },
  {
    name: "overlong phone",
    body: { ...validInquiry, phone: "1".repeat(41) },
    status: 400,
    field: "phone",
    message: /at most 40 characters/,
  },
  {
    name: "overlong company",
    body: { ...validInquiry, company: "C".repeat(201) },
    status: 400,
    field: "company",
    message: /at most 200 characters/,
  },
  {
    name: "overlong message",
    body: { ...validInquiry, message: "m".repeat(5001) },
    status: 400,
    field: "message",
    message: /at most 5,000 characters/,
  },
  {
    name: "number for a name",
    body: { ...validInquiry, firstName: 42 },
    status: 400,
    field: "firstName",
    message: /^First name must be text\.$/,
  },
  {
    name: "array for the email",
    body: { ...validInquiry, email: ["ada@example.com"] },
    status: 400,
    field: "email",
    message: /^Email must be text\.$/,
  },
  {
    name: "object for the message",
    body: { ...validInquiry, message: { text: "hi" } },
    status: 400,
    field: "message",
    message: /must be text/,
  },
  {
    name: "unknown project type",
    body: { ...validInquiry, projectType: "enterprise" },
    status: 400,
    field: "projectType",
    message: /^Please choose a project type\.$/,
  },
  {
    name: "unknown budget",
    body: { ...validInquiry, budget: "1m+" },
    status: 400,
    field: "budget",
    message: /^Please choose a valid budget range\.$/,
  },
  {
    name: "unknown timeline",
    body: { ...validInquiry, timeline: "yesterday" },
    status: 400,
    field: "timeline",
    message: /^Please choose a valid timeline\.$/,
  },
  {
    name: "extra key",
    body: { ...validInquiry, isAdmin: true },
    status: 400,
    message: /^Unexpected field\.$/,
  },
  {
    name: "CR/LF in the first name",
    body: { ...validInquiry, firstName: "Ada\r\nBcc: x@example.com" },
    status: 400,
    field: "firstName",
    message: /^First name must be on a single line\.$/,
  },
  {
    name: "LF in the last name",
    body: { ...validInquiry, lastName: "Love\nlace" },
    status: 400,
    field: "lastName",
    message: /single line/,
  },
  { name: "a JSON array", body: [validInquiry], status: 400, message: /must be a JSON object/ },
  {
    name: "malformed JSON",
    body: "{ not json",
    raw: true,
    headers: { "content-type": "application/json" },
    status: 400,
    message: /not valid JSON/,
  },
  {
    name: "a file in a multipart field",
    body: (() => {
      const f = new FormData();
      for (const [k, v] of Object.entries(validInquiry)) f.set(k, v);
      f.set("message", new File(["hello"], "note.txt", { type: "text/plain" }));
      return f;
    })(),
    raw: true,
    status: 400,
    field: "message",
    message: /must be text/,
  },
  {
    name: "a field sent twice",
    body: `${new URLSearchParams(validInquiry)}&email=b%40example.com`,
    raw: true,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    status: 400,
    field: "email",
    message: /must be text/,
  },
  {
    name: "oversize body",
    body: { ...validInquiry, message: "m".repeat(70 * 1024) },
    status: 413,
    message: /^Request body is too large\.$/,
  },
  {
    name: "wrong content type",
    body: JSON.stringify(validInquiry),
    raw: true,
    headers: { "content-type": "text/plain" },
    status: 415,
    message: /^Unsupported content type/,
  },
  {
    name: "no content type",
    body: JSON.stringify(validInquiry),
    raw: true,
    status: 415,
    message: /^Unsupported content type/,
  },
];

describe(`inquiry validation on ${testDatabaseKind}`, () => {
  let t: InquiryHarness;
  beforeAll(async () => {
    t = await createInquiryHarness();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it.each(cases)("$name → $status with a clear message, nothing stored", async (c) => {
    const res = await t.post(c.body, { raw: c.raw, headers: c.headers });
    expect(res.status).toBe(c.status);
    const body = (await res.json()) as {
      success: boolean;
      error: string;
      fieldErrors?: Record<string, string>;
    };
    expect(body.success).toBe(false);
    if (c.field) {
      expect(body.error).toBe("Please correct the highlighted fields.");
      expect(body.fieldErrors?.[c.field]).toMatch(c.message);
    } else {
      expect(body.error).toMatch(c.message);
    }
    expect(await t.countInquiries()).toBe(0);
    expect(await t.outboxRows()).toHaveLength(0);
  });

  it("reports every bad field at once", async () => {
    const res = await t.post({ firstName: "", lastName: "", email: "nope", projectType: "", message: "" });
    const body = (await res.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual([
      "email",
      "firstName",
      "lastName",
      "message",
      "projectType",
    ]);
  });

  it("accepts values at exactly their caps", async () => {
    const res = await t.post({
      ...validInquiry,
      firstName: "A".repeat(100),
      lastName: "L".repeat(100),
      email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.ca`,
      phone: "1".repeat(40),
      company: "C".repeat(200),
      message: "m".repeat(5000),
    });
    expect(res.status).toBe(200);
    expect(await t.countInquiries()).toBe(1);
  });
});
