import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runStudioUser } from "../../scripts/studio-user";
import { loadConfig } from "../../server/config.server";
import { type TestDatabase, openTestDatabase, testDatabaseKind } from "../helpers/databases";
import { SITE, createStudioHarness } from "../helpers/studio";

const PASSWORD = "a long enough passphrase";

function io(input = "") {
  const stdin = new PassThrough();
  stdin.end(input);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const text = (s: PassThrough) => String(s.read() ?? "");
  return { io: { stdin, stdout, stderr }, out: () => text(stdout), err: () => text(stderr) };
}

describe(`studio-user CLI on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  const config = loadConfig({ NODE_ENV: "test" });
  const run = (args: string[], input?: string) => {
    const streams = io(input);
    return runStudioUser(args, { config, database, io: streams.io }).then((code) => ({ code, out: streams.out(), err: streams.err() }));
  };
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.dispose();
  });

  it("adds an account with the password from standard input, lists it, and it signs in", async () => {
    const added = await run(["add", "Studio@Example.com"], `${PASSWORD}\n`);
    expect(added).toMatchObject({ code: 0 });
    expect(added.out).toContain("Added studio@example.com");
    expect(added.out).not.toContain(PASSWORD);
    const listed = await run(["list"]);
    expect(listed.out).toMatch(/^studio@example\.com\tcreated \d{4}-\d\d-\d\dT.*\t0 open session\(s\)\n$/);
    // The stored password is the library's hash, never the password.
    const stored = await database.db.selectFrom("studio_accounts").select(["provider_id", "password"]).executeTakeFirstOrThrow();
    expect(stored.provider_id).toBe("credential");
    expect(stored.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    const h = await createStudioHarness({}, { database, skipAccount: true });
    expect((await h.client().signIn("studio@example.com", PASSWORD)).status).toBe(200);
  });

  it("refuses a short password, a duplicate and a bad email, changing nothing", async () => {
    expect(await run(["add", "a@example.com"], "short\n")).toMatchObject({ code: 1, err: expect.stringContaining("at least 12") });
    expect(await run(["add", "not-an-email"], `${PASSWORD}\n`)).toMatchObject({ code: 1 });
    expect((await run(["add", "a@example.com"], `${PASSWORD}\n`)).code).toBe(0);
    expect(await run(["add", "a@example.com"], `${PASSWORD}\n`)).toMatchObject({ code: 1, err: expect.stringContaining("already exists") });
    expect((await run(["list"])).out.trim().split("\n")).toHaveLength(1);
    expect((await run(["frobnicate"])).code).toBe(2);
    expect((await run(["remove"])).code).toBe(2);
  });

  it("resets a password, ending the account's sessions; removes an account", async () => {
    await run(["add", "a@example.com"], `${PASSWORD}\n`);
    const h = await createStudioHarness({}, { database, skipAccount: true });
    const browser = h.client();
    expect((await browser.signIn("a@example.com", PASSWORD)).status).toBe(200);
    expect((await run(["reset", "a@example.com"], "another long passphrase\n")).code).toBe(0);
    expect((await browser.request("/api/studio/session")).status).toBe(401);
    expect((await h.client().signIn("a@example.com", PASSWORD)).status).toBe(401);
    expect((await h.client().signIn("a@example.com", "another long passphrase")).status).toBe(200);

    expect((await run(["remove", "a@example.com"])).code).toBe(0);
    expect((await h.client().signIn("a@example.com", "another long passphrase")).status).toBe(401);
    expect(await database.db.selectFrom("studio_users").select("id").execute()).toEqual([]);
    expect(await run(["remove", "a@example.com"])).toMatchObject({ code: 1, err: expect.stringContaining("No studio account") });
  });
});

// The spawned script migrates the default schema; PostgreSQL runs isolate each test in a schema of its own.
if (testDatabaseKind === "sqlite") describe("npm run studio-user", () => {
  it("reads a piped password and creates the account in DATABASE_PATH", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
    const env = { ...process.env, NODE_ENV: "test", DATABASE_PATH: path.join(dir, "app.db"), SITE_URL: SITE };
    try {
      const child = execFile("npx", ["tsx", "scripts/studio-user.ts", "add", "cli@example.com"], { env });
      child.stdin!.end(`${PASSWORD}\n`);
      const [code] = await new Promise<[number | null]>((resolve) => child.on("close", (c) => resolve([c])));
      expect(code).toBe(0);
      const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/studio-user.ts", "list"], { env });
      expect(stdout).toContain("cli@example.com");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
