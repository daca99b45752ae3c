import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { runStudioUser } from "../../scripts/studio-user";
import { SIGN_IN_LIMITS } from "../../server/auth/session-context.server";
import { loadConfig } from "../../server/config.server";
import { sqlBoolean } from "../../server/db/dialect";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import {
  createStudioHarness,
  enableTotp,
  loginOutcome,
  signedInBy,
  signedInStudio,
  SITE,
  STUDIO_EMAIL,
} from "../helpers/studio";

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
    return runStudioUser(args, { config, database, io: streams.io }).then((code) => ({
      code,
      out: streams.out(),
      err: streams.err(),
    }));
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
    const stored = await database.db
      .selectFrom("studio_accounts")
      .select(["provider_id", "password"])
      .executeTakeFirstOrThrow();
    expect(stored.provider_id).toBe("credential");
    expect(stored.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    const h = await createStudioHarness({}, { database, skipAccount: true });
    expect(signedInBy(await h.client().signIn("studio@example.com", PASSWORD))).toBe(true);
  });

  it("refuses a short password, a duplicate and a bad email, changing nothing", async () => {
    expect(await run(["add", "a@example.com"], "short\n")).toMatchObject({
      code: 1,
      err: expect.stringContaining("at least 12"),
    });
    expect(await run(["add", "not-an-email"], `${PASSWORD}\n`)).toMatchObject({ code: 1 });
    expect((await run(["add", "a@example.com"], `${PASSWORD}\n`)).code).toBe(0);
    expect(await run(["add", "a@example.com"], `${PASSWORD}\n`)).toMatchObject({
      code: 1,
      err: expect.stringContaining("already exists"),
    });
    expect((await run(["list"])).out.trim().split("\n")).toHaveLength(1);
    expect((await run(["frobnicate"])).code).toBe(2);
    expect((await run(["remove"])).code).toBe(2);
  });

  it("refuses a common, breached or email-based password on add and reset, saying why and changing nothing", async () => {
    const added = await run(["add", "a@example.com"], "password1234\n");
    expect(added).toMatchObject({
      code: 1,
      err: expect.stringContaining("That password is refused: it is a common password with small changes."),
    });
    expect((await run(["list"])).out).toContain("No studio accounts yet.");
    expect((await run(["add", "a@example.com"], `${PASSWORD}\n`)).code).toBe(0);
    expect(await run(["reset", "a@example.com"], "a@example.com1\n")).toMatchObject({
      code: 1,
      err: expect.stringContaining("the account's email"),
    });
    // The old password still signs in.
    const h = await createStudioHarness({}, { database, skipAccount: true });
    expect(signedInBy(await h.client().signIn("a@example.com", PASSWORD))).toBe(true);
  });

  it("resets a password, ending the account's sessions; removes an account", async () => {
    await run(["add", "a@example.com"], `${PASSWORD}\n`);
    const h = await createStudioHarness({}, { database, skipAccount: true });
    const browser = h.client();
    expect(signedInBy(await browser.signIn("a@example.com", PASSWORD))).toBe(true);
    expect((await run(["reset", "a@example.com"], "another long passphrase\n")).code).toBe(0);
    expect(await browser.signedInAs()).toBeNull();
    expect((await h.client().signIn("a@example.com", PASSWORD)).status).toBe(401);
    expect(signedInBy(await h.client().signIn("a@example.com", "another long passphrase"))).toBe(true);

    expect((await run(["remove", "a@example.com"])).code).toBe(0);
    expect((await h.client().signIn("a@example.com", "another long passphrase")).status).toBe(401);
    expect(await database.db.selectFrom("studio_users").select("id").execute()).toEqual([]);
    expect(await run(["remove", "a@example.com"])).toMatchObject({
      code: 1,
      err: expect.stringContaining("No studio account"),
    });
  });

  /** An account with TOTP on, a passkey, an open session and a sign-in lockout: someone who lost access and a guesser at the door. */
  async function lockedOutAccount() {
    const h = await signedInStudio({}, { database });
    await enableTotp(h);
    const at = new Date().toISOString();
    await database.db
      .insertInto("studio_passkeys")
      .values({
        id: randomUUID(),
        user_id: h.user.id,
        name: "Lost phone",
        credential_id: randomUUID(),
        public_key: "pk",
        counter: 0,
        device_type: "singleDevice",
        backed_up: sqlBoolean(database, false),
        transports: "internal",
        aaguid: null,
        created_at: at,
      })
      .execute();
    const guesser = h.client("203.0.113.9");
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAddress; i++)
      expect((await guesser.signIn(STUDIO_EMAIL, "not the password at all")).status).toBe(401);
    expect((await guesser.signIn()).status).toBe(429);
    return h;
  }
  const rowsOf = async (userId: string) => ({
    twoFactors: await database.db
      .selectFrom("studio_two_factors")
      .select("id")
      .where("user_id", "=", userId)
      .execute(),
    passkeys: await database.db
      .selectFrom("studio_passkeys")
      .select("id")
      .where("user_id", "=", userId)
      .execute(),
    sessions: await database.db
      .selectFrom("studio_sessions")
      .select("id")
      .where("user_id", "=", userId)
      .execute(),
    flag: Boolean(
      (
        await database.db
          .selectFrom("studio_users")
          .select("two_factor_enabled")
          .where("id", "=", userId)
          .executeTakeFirstOrThrow()
      ).two_factor_enabled,
    ),
  });

  it("resets a lost account: two-factor off, passkeys removed, sessions ended, lockout lifted; the new password alone signs in", async () => {
    const h = await lockedOutAccount();
    expect(await rowsOf(h.user.id)).toMatchObject({
      twoFactors: [expect.anything()],
      passkeys: [expect.anything()],
      sessions: [expect.anything()],
      flag: true,
    });

    const reset = await run(["reset", STUDIO_EMAIL], "another long passphrase\n");
    expect(reset.code).toBe(0);
    expect(reset.out).toBe(
      [
        "Password changed.",
        "Ended 1 open session.",
        "Two-factor is off: removed its authenticator secret and backup codes.",
        "Removed 1 passkey.",
        // The account's count from anywhere and its count from the guesser's address.
        "Cleared 2 sign-in failure counters.",
        "",
      ].join("\n"),
    );
    expect(await rowsOf(h.user.id)).toEqual({ twoFactors: [], passkeys: [], sessions: [], flag: false });
    // The guesser's own address stays counted: only the account's lock is the owner's to lift.
    const counters = await database.db.selectFrom("rate_limits").select("key").execute();
    expect(counters.map((c) => c.key.split(":")[0])).toContain("studio-sign-in-client");
    expect(counters.filter((c) => c.key.startsWith("studio-sign-in-account"))).toEqual([]);
    expect(await h.browser.signedInAs()).toBeNull();

    // Signing in now takes the new password and nothing else: no code step, no lock.
    const browser = h.client();
    const signedIn = await browser.signIn(STUDIO_EMAIL, "another long passphrase");
    expect(await loginOutcome(signedIn)).toEqual({ signedIn: true });
    expect(browser.jar.cookies.has("studio.two_factor")).toBe(false);
    expect(await browser.signedInAs()).toBe(STUDIO_EMAIL);

    // Run again on a clean account, it says there was nothing to remove.
    expect((await run(["reset", STUDIO_EMAIL], "a third long passphrase\n")).out).toContain(
      "Two-factor was already off.\nRemoved 0 passkeys.\nCleared 0 sign-in failure counters.",
    );
    await h.dispose();
  });

  it("keeps the passkeys with --keep-passkeys, and refuses the flag elsewhere", async () => {
    const h = await lockedOutAccount();
    const reset = await run(["reset", STUDIO_EMAIL, "--keep-passkeys"], "another long passphrase\n");
    expect(reset.code).toBe(0);
    expect(reset.out).toContain("Kept the account's passkeys (--keep-passkeys).");
    expect(await rowsOf(h.user.id)).toMatchObject({
      twoFactors: [],
      passkeys: [expect.anything()],
      sessions: [],
      flag: false,
    });
    expect(await loginOutcome(await h.client().signIn(STUDIO_EMAIL, "another long passphrase"))).toEqual({
      signedIn: true,
    });

    for (const args of [
      ["add", "b@example.com", "--keep-passkeys"],
      ["reset", STUDIO_EMAIL, "--keep-passkey"],
      ["list", "--keep-passkeys"],
    ]) {
      expect((await run(args, `${PASSWORD}\n`)).code, args.join(" ")).toBe(2);
    }
    expect(await rowsOf(h.user.id)).toMatchObject({ passkeys: [expect.anything()] });
    await h.dispose();
  });
});

// The spawned script migrates the default schema; PostgreSQL runs isolate each test in a schema of its own.
if (testDatabaseKind === "sqlite")
  describe("npm run studio-user", () => {
    it("reads a piped password and creates the account in DATABASE_PATH", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cli-"));
      const env = {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_PATH: path.join(dir, "app.db"),
        SITE_URL: SITE,
      };
      try {
        const child = execFile("npx", ["tsx", "scripts/studio-user.ts", "add", "cli@example.com"], { env });
        child.stdin!.end(`${PASSWORD}\n`);
        const [code] = await new Promise<[number | null]>((resolve) =>
          child.on("close", (c) => resolve([c])),
        );
        expect(code).toBe(0);
        const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/studio-user.ts", "list"], {
          env,
        });
        expect(stdout).toContain("cli@example.com");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      // npm and tsx start a process each: seconds on a loaded 2-core machine.
    }, 120_000);
  });
