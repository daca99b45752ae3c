import { afterEach, describe, expect, it } from "vitest";

import { WRONG_PASSWORD } from "../../server/auth/security-context.server";
import { accountKey, SIGN_IN_LIMITS, SIGN_IN_LOCKED } from "../../server/auth/session-context.server";
import { testDatabaseKind } from "../helpers/databases";
import {
  createStudioHarness,
  enableTotp,
  loginOutcome,
  signedInBy,
  signedInStudio,
  STUDIO_EMAIL,
  STUDIO_PASSWORD,
  studioSecurity,
  type StudioHarness,
} from "../helpers/studio";

/**
 * The sign-in lockout under requests in flight together (issue 27), raced
 * against the login page's action as browsers post it: each
 * attempt is reserved in the database before its secret is checked, so of N
 * parallel attempts at most the limit are checked and every other one is a 429
 * that checked nothing. A checked failure keeps its slot: the account's row
 * counts exactly the failures that reached better-auth.
 */
const PASSKEY = "/api/studio/auth/passkey";
const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

async function failuresOf(h: Pick<StudioHarness, "database">, bucket: string, client: string) {
  const row = await h.database.db
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", `${bucket}:${client}`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

describe(`studio sign-in lockout under parallel attempts on ${testDatabaseKind}`, () => {
  const open: { dispose(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const h of open.splice(0)) await h.dispose();
  });
  const harness = async () => {
    const h = await createStudioHarness();
    open.push(h);
    return h;
  };

  it("checks only 5 of 40 wrong passwords sent at once to one account (from 40 addresses); the other 35 are refused unchecked", async () => {
    const h = await harness();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => h.client().signIn(STUDIO_EMAIL, `wrong password ${i}`)),
    );
    const got = statuses(answers);
    expect(count(got, 401)).toBe(SIGN_IN_LIMITS.perAccount);
    expect(count(got, 429)).toBe(40 - SIGN_IN_LIMITS.perAccount);
    // The account's row holds exactly the failures that were checked.
    expect(await failuresOf(h, "studio-sign-in-account", accountKey(STUDIO_EMAIL))).toBe(
      SIGN_IN_LIMITS.perAccount,
    );
    const locked = answers.find((r) => r.status === 429)!;
    expect(await loginOutcome(locked)).toEqual({ error: SIGN_IN_LOCKED });
    // The account stays locked for its owner too.
    expect((await h.client().signIn()).status).toBe(429);
  });

  it("checks only 20 of 40 wrong passwords sent at once from one address across 40 accounts", async () => {
    const h = await harness();
    const attacker = h.client("203.0.113.40");
    const got = statuses(
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => attacker.signIn(`guess${i}@example.com`, "password guess")),
      ),
    );
    expect(count(got, 401)).toBe(SIGN_IN_LIMITS.perClient);
    expect(count(got, 429)).toBe(40 - SIGN_IN_LIMITS.perClient);
    expect(await failuresOf(h, "studio-sign-in-client", "203.0.113.40")).toBe(SIGN_IN_LIMITS.perClient);
  });

  it("29 wrong passwords and the right one together: at most 5 are checked; the right one signs in only as one of those 5, and once 5 wrong ones are checked the account is locked", async () => {
    const h = await harness();
    const attempts = [
      ...Array.from({ length: 29 }, (_, i) => h.client().signIn(STUDIO_EMAIL, `wrong password ${i}`)),
      h.client().signIn(),
    ];
    const answers = await Promise.all(attempts);
    const got = statuses(answers);
    const right = answers[29]!.status;
    // Guaranteed: at most 5 failures checked; the right password is either among the
    // attempts checked (302, the login action's redirect into the studio) or refused unchecked (429), never checked past the limit.
    expect(count(got, 401)).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccount);
    expect([302, 429]).toContain(right);
    expect(count(got, 401) + count(got, 302) + count(got, 429)).toBe(30);
    if (right === 429) expect(count(got, 401)).toBe(SIGN_IN_LIMITS.perAccount);
    const failures = await failuresOf(h, "studio-sign-in-account", accountKey(STUDIO_EMAIL));
    expect(failures).toBe(count(got, 401));
    // With 5 wrong passwords checked, the right one is refused for the lock's whole time.
    if (failures === SIGN_IN_LIMITS.perAccount) {
      const after = await h.client().signIn();
      expect(after.status).toBe(429);
      expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(SIGN_IN_LIMITS.windowMs / 1000 - 60);
    }
  });

  it("counts TOTP and backup codes sent at once the same way: 5 of 40 checked", async () => {
    const s = await signedInStudio();
    open.push(s);
    await enableTotp(s);
    const attacker = s.client("203.0.113.41");
    expect(await loginOutcome(await attacker.signIn())).toEqual({ twoFactor: true });
    const codes = Array.from({ length: 40 }, (_, i) => (i % 2 ? String(100000 + i) : `aaaa${i % 10}-bbbbb`));
    const answers = await Promise.all(codes.map((code) => attacker.signInCode(code)));
    const got = statuses(answers);
    expect(count(got, 429)).toBe(40 - SIGN_IN_LIMITS.perAccount);
    expect(count(got, 401)).toBe(SIGN_IN_LIMITS.perAccount);
    expect(await failuresOf(s, "studio-sign-in-account", accountKey(STUDIO_EMAIL))).toBe(
      SIGN_IN_LIMITS.perAccount,
    );
  });

  it("counts failed passkeys sent at once per address: 20 of 40 checked", async () => {
    const h = await harness();
    const browser = h.client("203.0.113.42");
    const forged = {
      response: {
        id: "not-a-credential",
        rawId: "not-a-credential",
        type: "public-key",
        response: {},
        clientExtensionResults: {},
      },
    };
    const got = statuses(
      await Promise.all(
        Array.from({ length: 40 }, () =>
          browser.request(`${PASSKEY}/verify-authentication`, { method: "POST", body: forged }),
        ),
      ),
    );
    expect(count(got, 400)).toBe(SIGN_IN_LIMITS.perClient);
    expect(count(got, 429)).toBe(40 - SIGN_IN_LIMITS.perClient);
    // Locked: not even a challenge for that address.
    expect((await browser.request(`${PASSKEY}/generate-authenticate-options`)).status).toBe(429);
  });

  it("counts the account page's password checks sent at once: 5 of 40 checked", async () => {
    const s = await signedInStudio();
    open.push(s);
    const { security, request } = await studioSecurity(s);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? security.startTwoFactor : security.confirmPassword)(
          { password: `wrong password ${i}` },
          request(),
        ),
      ),
    );
    expect(answers.filter((a) => !a.ok && a.error === WRONG_PASSWORD)).toHaveLength(
      SIGN_IN_LIMITS.perAccount,
    );
    expect(answers.filter((a) => !a.ok && a.status === 429)).toHaveLength(40 - SIGN_IN_LIMITS.perAccount);
    // The right password is locked out too, there and at sign-in.
    expect(await security.confirmPassword({ password: STUDIO_PASSWORD }, request())).toMatchObject({
      ok: false,
      status: 429,
    });
    expect((await s.client().signIn()).status).toBe(429);
  });

  it("keeps a lock its full 15 minutes across a clock-window boundary", async () => {
    const h = await harness();
    // One second before the clock's 15-minute boundary (where fixed windows reset).
    const boundary =
      Math.ceil(Date.now() / SIGN_IN_LIMITS.windowMs) * SIGN_IN_LIMITS.windowMs + SIGN_IN_LIMITS.windowMs;
    h.clock.now = boundary - 1_000;
    const lockedAt = h.clock.now;
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++)
      expect((await h.client().signIn(STUDIO_EMAIL, `wrong password ${i}`)).status).toBe(401);
    h.clock.now = boundary + 1_000;
    const across = await h.client().signIn();
    expect(across.status).toBe(429);
    expect(Number(across.headers.get("retry-after"))).toBe(SIGN_IN_LIMITS.windowMs / 1000 - 2);
    h.clock.now = lockedAt + SIGN_IN_LIMITS.windowMs - 1;
    expect((await h.client().signIn()).status).toBe(429);
    h.clock.now = lockedAt + SIGN_IN_LIMITS.windowMs;
    expect(signedInBy(await h.client().signIn())).toBe(true);
  });
});
