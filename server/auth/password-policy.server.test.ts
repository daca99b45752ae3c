import { describe, expect, it } from "vitest";

import { weakPasswordReason } from "./password-policy.server";

describe("studio password rule (offline, zxcvbn-ts)", () => {
  it("refuses common and breached passwords of any length, with the reason", async () => {
    expect(await weakPasswordReason("password1234")).toMatch(
      /^That password is refused: it is a common password with small changes\./,
    );
    expect(await weakPasswordReason("123456789012")).toMatch(/one of the most common passwords/);
    expect(await weakPasswordReason("iloveyou1234")).toMatch(/refused/);
    expect(await weakPasswordReason("Password123!")).toMatch(/refused/);
    expect(await weakPasswordReason("qwertyuiopasdf")).toMatch(/refused/);
    expect(await weakPasswordReason("aaaaaaaaaaaaaaaa")).toMatch(/repeats/);
  });

  it("refuses a password made of the account's own email", async () => {
    expect(await weakPasswordReason("owner@example.com1", ["owner@example.com"])).toMatch(
      /the account's email/,
    );
  });

  it("accepts a phrase of unrelated words", async () => {
    expect(await weakPasswordReason("correct horse battery staple")).toBeNull();
    expect(await weakPasswordReason("long passphrase 1a2b3c4d", ["owner@example.com"])).toBeNull();
  });
});
