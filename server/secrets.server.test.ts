import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { rootSecret } from "./secrets.server";

const fixture = path.resolve(import.meta.dirname, "../tests/fixtures/derive-secret.ts");
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function config(dir: string) {
  return {
    STUDIO_AUTH_SECRET: undefined,
    BETTER_AUTH_SECRET: undefined,
    DATABASE_PATH: path.join(dir, "site.db"),
    NODE_ENV: "production" as const,
  };
}

describe("studio session secret without STUDIO_AUTH_SECRET", () => {
  it("is generated once beside the database, private, and the same on every call", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    dirs.push(dir);
    const first = rootSecret(config(dir));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(rootSecret(config(dir))).toBe(first);
    const file = path.join(dir, "studio-auth-secret");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // No draft file is left behind by the write-then-link.
    expect(fs.readdirSync(dir)).toEqual(["studio-auth-secret"]);
  });

  it("is the same for several processes deriving it at once on a fresh install", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    dirs.push(dir);
    // Four processes, all loaded and waiting, then told to go together: as a cluster's workers start.
    const children = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ["--import", "tsx", fixture], {
        env: { ...process.env, DATABASE_PATH: path.join(dir, "site.db") },
        stdio: ["pipe", "pipe", "pipe"],
      }),
    );
    await Promise.all(children.map((c) => new Promise((resolve) => c.stderr.once("data", resolve))));
    const digests = children.map(
      (c) =>
        new Promise<string>((resolve, reject) => {
          let out = "";
          c.stdout.on("data", (d: Buffer) => (out += d.toString()));
          c.on("close", (code) =>
            code === 0 ? resolve(out.trim()) : reject(new Error(`child exited ${code}`)),
          );
        }),
    );
    for (const c of children) c.stdin.end("GO\n");
    const seen = await Promise.all(digests);
    expect(seen.every((d) => /^[0-9a-f]{64}$/.test(d))).toBe(true);
    expect(new Set(seen).size).toBe(1);
    // And this process, reading the file afterwards, agrees with them.
    expect(
      createHash("sha256")
        .update(rootSecret(config(dir)))
        .digest("hex"),
    ).toBe(seen[0]);
    expect(fs.readdirSync(dir)).toEqual(["studio-auth-secret"]);
  });

  it("refuses an empty or truncated secret file rather than sign with a weak one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-"));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, "studio-auth-secret"), "");
    expect(() => rootSecret(config(dir))).toThrow(/no usable secret/);
  });
});
