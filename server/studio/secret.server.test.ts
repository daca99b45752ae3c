import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { studioAuthSecret } from "./secret.server";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function config(dir: string) {
  return { STUDIO_AUTH_SECRET: undefined, BETTER_AUTH_SECRET: undefined, DATABASE_PATH: path.join(dir, "site.db"), NODE_ENV: "production" as const };
}

describe("studio session secret without STUDIO_AUTH_SECRET", () => {
  it("is generated once beside the database, private, and the same for every process", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    dirs.push(dir);
    const first = studioAuthSecret(config(dir));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(studioAuthSecret(config(dir))).toBe(first);
    const file = path.join(dir, "studio-auth-secret");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // No draft file is left behind by the write-then-link.
    expect(fs.readdirSync(dir)).toEqual(["studio-auth-secret"]);
  });

  it("refuses an empty or truncated secret file rather than sign with a weak one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, "studio-auth-secret"), "");
    expect(() => studioAuthSecret(config(dir))).toThrow(/no usable secret/);
  });
});
