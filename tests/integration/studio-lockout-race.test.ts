import { afterEach, describe, expect, it } from "vitest";

import { WRONG_PASSWORD } from "../../server/auth/security-context.server";
import { accountKey, SIGN_IN_LIMITS, SIGN_IN_LOCKED } from "../../server/auth/session-context.server";
import { testDatabaseKind } from "../helpers/databases";
import { softwarePasskey } from "../helpers/passkey";
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

  it("checks only 5 of 40 wrong passwords sent at once to one account from one address; the owner elsewhere still signs in (issue 37, item 11)", async () => {
    const h = await harness();
    const stranger = h.client("203.0.113.39");
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => stranger.signIn(STUDIO_EMAIL, `wrong password ${i}`)),
    );
    const got = statuses(answers);
    expect(count(got, 401)).toBe(SIGN_IN_LIMITS.perAccountAddress);
    expect(count(got, 429)).toBe(40 - SIGN_IN_LIMITS.perAccountAddress);
    // The rows hold exactly the failures that were checked.
    expect(
      await failuresOf(h, "studio-sign-in-account-address", `${accountKey(STUDIO_EMAIL)}:203.0.113.39`),
    ).toBe(SIGN_IN_LIMITS.perAccountAddress);
    expect(await failuresOf(h, "studio-sign-in-account", accountKey(STUDIO_EMAIL))).toBe(
      SIGN_IN_LIMITS.perAccountAddress,
    );
    const locked = answers.find((r) => r.status === 429)!;
    expect(await loginOutcome(locked)).toEqual({ error: SIGN_IN_LOCKED });
    // Locked from that address, even with the right password; the owner from another is not.
    expect((await stranger.signIn()).status).toBe(429);
    expect(signedInBy(await h.client().signIn())).toBe(true);
  });

  it("checks only 30 of 40 wrong passwords sent at once to one account from 40 addresses: the slower account-wide limit", async () => {
    const h = await harness();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => h.client().signIn(STUDIO_EMAIL, `wrong password ${i}`)),
    );
    const got = statuses(answers);
    expect(count(got, 401)).toBe(SIGN_IN_LIMITS.perAccount);
    expect(count(got, 429)).toBe(40 - SIGN_IN_LIMITS.perAccount);
    expect(await failuresOf(h, "studio-sign-in-account", accountKey(STUDIO_EMAIL))).toBe(
      SIGN_IN_LIMITS.perAccount,
    );
    // The password is refused from anywhere for the account's window; a passkey still signs in.
    const owner = h.client();
    const refused = await owner.signIn();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(SIGN_IN_LIMITS.windowMs / 1000);
    const passkey = await softwarePasskey(h);
    expect((await passkey.signIn(owner)).status).toBe(200);
    expect(await owner.signedInAs()).toBe(STUDIO_EMAIL);
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

  it("29 wrong passwords from one address and the right one from another, together: 5 of the 29 are checked and the owner signs in", async () => {
    const h = await harness();
    const stranger = h.client("203.0.113.38");
    const owner = h.client("198.51.100.38");
    const answers = await Promise.all([
      ...Array.from({ length: 29 }, (_, i) => stranger.signIn(STUDIO_EMAIL, `wrong password ${i}`)),
      owner.signIn(),
    ]);
    const got = statuses(answers.slice(0, 29));
    expect(count(got, 401)).toBe(SIGN_IN_LIMITS.perAccountAddress);
    expect(count(got, 429)).toBe(29 - SIGN_IN_LIMITS.perAccountAddress);
    // The login action's redirect into the studio.
    expect(answers[29]!.status).toBe(302);
    expect(await owner.signedInAs()).toBe(STUDIO_EMAIL);
  });

  it("29 wrong passwords and the right one together from one address: at most 5 are checked; the right one signs in only as one of those 5", async () => {
    const h = await harness();
    const browser = h.client("203.0.113.37");
    const answers = await Promise.all([
      ...Array.from({ length: 29 }, (_, i) => browser.signIn(STUDIO_EMAIL, `wrong password ${i}`)),
      browser.signIn(),
    ]);
    const got = statuses(answers);
    const right = answers[29]!.status;
    expect(count(got, 401)).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccountAddress);
    expect([302, 429]).toContain(right);
    expect(count(got, 401) + count(got, 302) + count(got, 429)).toBe(30);
    if (right === 429) expect(count(got, 401)).toBe(SIGN_IN_LIMITS.perAccountAddress);
    const failures = await failuresOf(
      h,
      "studio-sign-in-account-address",
      `${accountKey(STUDIO_EMAIL)}:203.0.113.37`,
    );
    expect(failures).toBe(count(got, 401));
    if (failures === SIGN_IN_LIMITS.perAccountAddress) {
      const after = await browser.signIn();
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
    expect(count(got, 429)).toBe(40 - SIGN_IN_LIMITS.perAccountAddress);
    expect(count(got, 401)).toBe(SIGN_IN_LIMITS.perAccountAddress);
    expect(
      await failuresOf(s, "studio-sign-in-account-address", `${accountKey(STUDIO_EMAIL)}:203.0.113.41`),
    ).toBe(SIGN_IN_LIMITS.perAccountAddress);
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
      SIGN_IN_LIMITS.perAccountAddress,
    );
    expect(answers.filter((a) => !a.ok && a.status === 429)).toHaveLength(
      40 - SIGN_IN_LIMITS.perAccountAddress,
    );
    // The right password is locked out too from that address, there and at sign-in.
    expect(await security.confirmPassword({ password: STUDIO_PASSWORD }, request())).toMatchObject({
      ok: false,
      status: 429,
    });
    expect((await s.client(request().clientIp).signIn()).status).toBe(429);
  });

  it("keeps a lock its full 15 minutes across a clock-window boundary", async () => {
    const h = await harness();
    const browser = h.client("203.0.113.36");
    // One second before the clock's 15-minute boundary (where fixed windows reset).
    const boundary =
      Math.ceil(Date.now() / SIGN_IN_LIMITS.windowMs) * SIGN_IN_LIMITS.windowMs + SIGN_IN_LIMITS.windowMs;
    h.clock.now = boundary - 1_000;
    const lockedAt = h.clock.now;
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAddress; i++)
      expect((await browser.signIn(STUDIO_EMAIL, `wrong password ${i}`)).status).toBe(401);
    h.clock.now = boundary + 1_000;
    const across = await browser.signIn();
    expect(across.status).toBe(429);
    expect(Number(across.headers.get("retry-after"))).toBe(SIGN_IN_LIMITS.windowMs / 1000 - 2);
    h.clock.now = lockedAt + SIGN_IN_LIMITS.windowMs - 1;
    expect((await browser.signIn()).status).toBe(429);
    h.clock.now = lockedAt + SIGN_IN_LIMITS.windowMs;
    expect(signedInBy(await browser.signIn())).toBe(true);
  });
});
