import fs from "node:fs";
import os, { availableParallelism } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { ConfigError, loadConfig, sqliteOneProcess } from "./config.server";
import { selfSignedP12 } from "./documents/p12.server";

/** A PKCS#12 file of a fresh self-signed certificate under the passphrase, valid from `at`. */
function p12File(passphrase: string, at = new Date()) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "seal-")), "studio.p12");
  fs.writeFileSync(file, selfSignedP12(passphrase, at));
  return file;
}

describe("loadConfig", () => {
  it("starts with embedded defaults and nothing set", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATABASE_PATH: "data/app.db",
      SITE_URL: "http://localhost:3000",
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ LOG_HASH_KEY: "too-short-to-be-a-key" })).toThrow(/LOG_HASH_KEY/);
  });

  it("reads GST_HST_NUMBER in CRA's form, written as printed; unset is a small supplier; a wrong one stops the start", () => {
    expect(loadConfig({}).GST_HST_NUMBER).toBeUndefined();
    expect(loadConfig({ GST_HST_NUMBER: "" }).GST_HST_NUMBER).toBeUndefined();
    for (const written of ["123456789 RT0001", "123456789RT0001", " 123456789 rt 0001 "])
      expect(loadConfig({ GST_HST_NUMBER: written }).GST_HST_NUMBER).toBe("123456789 RT0001");
    for (const bad of [
      "12345678 RT0001",
      "123456789 RC0001",
      "123456789",
      "123456789 RT001",
      "BN 123456789 RT0001",
    ]) {
      expect(() => loadConfig({ GST_HST_NUMBER: bad }), bad).toThrow(
        /GST_HST_NUMBER: must be a GST\/HST registration number/,
      );
    }
  });

  it("keeps backups beside the database by default, none with off, and refuses a backup interval or retention out of range", () => {
    // Issue 37: the embedded default `npm start` runs with kept none.
    const c = loadConfig({});
    expect(c.BACKUP_DIR).toBe("data/backups");
    expect(loadConfig({ NODE_ENV: "production", PAYMENTS_PROVIDER: "sandbox" }).BACKUP_DIR).toBe(
      "data/backups",
    );
    expect(loadConfig({ DATABASE_PATH: "/var/lib/cascadia/app.db" }).BACKUP_DIR).toBe(
      "/var/lib/cascadia/backups",
    );
    expect(loadConfig({ BACKUP_DIR: "/mnt/other-disk/cascadia" }).BACKUP_DIR).toBe(
      "/mnt/other-disk/cascadia",
    );
    expect(c).toMatchObject({ BACKUP_INTERVAL_SECONDS: 300, BACKUP_RETAIN: 48, BACKUP_RETAIN_DAYS: 30 });
    expect(loadConfig({ BACKUP_DIR: "off" }).BACKUP_DIR).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: "", BACKUP_INTERVAL_SECONDS: "60" }).BACKUP_DIR).toBe("data/backups");
    // PostgreSQL is dumped by deploy/'s timer into a BACKUP_DIR set for it; tests keep none unless they set one.
    expect(loadConfig({ DATABASE_URL: "postgres://u@localhost/db" }).BACKUP_DIR).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "test" }).BACKUP_DIR).toBeUndefined();
    expect(() => loadConfig({ BACKUP_INTERVAL_SECONDS: "5" })).toThrow(/BACKUP_INTERVAL_SECONDS/);
    expect(() => loadConfig({ BACKUP_INTERVAL_SECONDS: "hourly" })).toThrow(/BACKUP_INTERVAL_SECONDS/);
    expect(() => loadConfig({ BACKUP_RETAIN: "0" })).toThrow(/BACKUP_RETAIN/);
    expect(() => loadConfig({ BACKUP_RETAIN_DAYS: "-1" })).toThrow(/BACKUP_RETAIN_DAYS/);
  });

  it("refuses PAYMENTS_PROVIDER=stripe without its keys, naming them", () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });

  it("refuses to start in production unless PAYMENTS_PROVIDER is set explicitly, saying how to fix it", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /PAYMENTS_PROVIDER: is required in production: set PAYMENTS_PROVIDER=stripe .* or PAYMENTS_PROVIDER=sandbox/,
    );
    // A Stripe key alone is not a choice: the provider must be named.
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        STRIPE_SECRET_KEY: "sk_live_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
      }),
    ).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENTS_PROVIDER: "" })).toThrow(/PAYMENTS_PROVIDER/);
    expect(loadConfig({ NODE_ENV: "production", PAYMENTS_PROVIDER: "sandbox" }).PAYMENTS_PROVIDER).toBe(
      "sandbox",
    );
    expect(
      loadConfig({
        NODE_ENV: "production",
        PAYMENTS_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_live_1",
        STRIPE_WEBHOOK_SECRET: "whsec_1",
      }).PAYMENTS_PROVIDER,
    ).toBe("stripe");
    // Development and tests keep working with nothing set.
    expect(loadConfig({ NODE_ENV: "development" }).PAYMENTS_PROVIDER).toBeUndefined();
  });

  it("npm start passes the sandbox explicitly, npm run serve does not", () => {
    const scripts = (
      JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.start).toContain("PAYMENTS_PROVIDER=${PAYMENTS_PROVIDER:-sandbox}");
    expect(scripts.serve).not.toContain("PAYMENTS_PROVIDER");
  });

  it("strips a trailing slash from SITE_URL and treats empty strings as unset", () => {
    const c = loadConfig({ SITE_URL: "https://example.ca/", SMTP_URL: "" });
    expect(c.SITE_URL).toBe("https://example.ca");
    expect(c.SMTP_URL).toBeUndefined();
  });

  it("reads TRUST_PROXY as the number of proxies in front of the server", () => {
    const hops = (value?: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect([hops(), hops(""), hops("false"), hops("0"), hops("true"), hops("1"), hops("2")]).toEqual([
      0, 0, 0, 0, 1, 1, 2,
    ]);
    for (const bad of ["yes", "-1", "1.5", "100", "true,false"])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it("serves with one process per core in production on PostgreSQL unless WEB_CONCURRENCY says otherwise", () => {
    const production = { NODE_ENV: "production", PAYMENTS_PROVIDER: "sandbox" };
    const postgres = { ...production, DATABASE_URL: "postgres://localhost/cascadia" };
    expect(loadConfig(postgres).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    // SQLite, the embedded default (npm start): one process.
    expect(loadConfig(production).WEB_CONCURRENCY).toBe(1);
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("refuses several processes on SQLite, saying how to run one or move to PostgreSQL", () => {
    for (const env of [
      { WEB_CONCURRENCY: "2" },
      { NODE_ENV: "production", PAYMENTS_PROVIDER: "sandbox", WEB_CONCURRENCY: "4" },
    ])
      expect(() => loadConfig(env)).toThrow(
        `WEB_CONCURRENCY: ${sqliteOneProcess(Number(env.WEB_CONCURRENCY))}`,
      );
    expect(sqliteOneProcess(2)).toMatch(/set it to 1.*DATABASE_URL.*PostgreSQL/);
  });

  it("requires the studio sign-in secret in production on a public origin", () => {
    expect(() => loadConfig({ NODE_ENV: "production", SITE_URL: "https://example.ca" })).toThrow(
      /STUDIO_AUTH_SECRET/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: "production", SITE_URL: "https://example.ca", STUDIO_AUTH_SECRET: "short" }),
    ).toThrow(/STUDIO_AUTH_SECRET/);
    const secret = "x".repeat(32);
    expect(
      loadConfig({
        NODE_ENV: "production",
        PAYMENTS_PROVIDER: "sandbox",
        SITE_URL: "https://example.ca",
        BETTER_AUTH_SECRET: secret,
        SIGNING_CERT_FILE: p12File("pass phrase"),
        SIGNING_CERT_PASSPHRASE: "pass phrase",
      }).BETTER_AUTH_SECRET,
    ).toBe(secret);
    // A production build served locally (npm start) keeps a per-install secret instead.
    expect(
      loadConfig({ NODE_ENV: "production", PAYMENTS_PROVIDER: "sandbox" }).STUDIO_AUTH_SECRET,
    ).toBeUndefined();
  });

  it("requires the seal's certificate in production on a public origin, and checks it opens at start-up", () => {
    const production = {
      NODE_ENV: "production",
      PAYMENTS_PROVIDER: "sandbox",
      SITE_URL: "https://example.ca",
      STUDIO_AUTH_SECRET: "x".repeat(32),
    };
    expect(() => loadConfig(production)).toThrow(/SIGNING_CERT_FILE: is required in production/);
    const file = p12File("right");
    expect(
      loadConfig({ ...production, SIGNING_CERT_FILE: file, SIGNING_CERT_PASSPHRASE: "right" }),
    ).toMatchObject({
      SIGNING_CERT_FILE: file,
    });
    // A wrong passphrase, a missing file, an expired certificate: the start stops, naming the variable.
    expect(() =>
      loadConfig({ ...production, SIGNING_CERT_FILE: file, SIGNING_CERT_PASSPHRASE: "wrong" }),
    ).toThrow(/SIGNING_CERT_FILE: is not a PKCS#12 file this passphrase opens/);
    expect(() => loadConfig({ ...production, SIGNING_CERT_FILE: `${file}.missing` })).toThrow(
      /SIGNING_CERT_FILE: cannot be read \(ENOENT\)/,
    );
    const expired = p12File("old", new Date("2010-01-01T00:00:00Z"));
    expect(() =>
      loadConfig({ ...production, SIGNING_CERT_FILE: expired, SIGNING_CERT_PASSPHRASE: "old" }),
    ).toThrow(/SIGNING_CERT_FILE: holds a certificate valid only 2009-12-31/);
    // npm start (a production build on loopback) and development seal with a generated certificate.
    expect(
      loadConfig({ NODE_ENV: "production", PAYMENTS_PROVIDER: "sandbox" }).SIGNING_CERT_FILE,
    ).toBeUndefined();
  });
});
