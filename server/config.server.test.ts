import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("starts with embedded defaults and nothing set", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", DATABASE_PATH: "data/app.db", SITE_URL: "http://localhost:3000" });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("names the bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SITE_URL: "not a url" })).toThrow(/SITE_URL/);
  });

  it("refuses PAYMENTS_PROVIDER=stripe without its keys, naming them", () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it("strips a trailing slash from SITE_URL and treats empty strings as unset", () => {
    const c = loadConfig({ SITE_URL: "https://example.ca/", SMTP_URL: "" });
    expect(c.SITE_URL).toBe("https://example.ca");
    expect(c.SMTP_URL).toBeUndefined();
  });

  it("requires the studio sign-in secret in production on a public origin", () => {
    expect(() => loadConfig({ NODE_ENV: "production", SITE_URL: "https://example.ca" })).toThrow(/STUDIO_AUTH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: "production", SITE_URL: "https://example.ca", STUDIO_AUTH_SECRET: "short" })).toThrow(/STUDIO_AUTH_SECRET/);
    const secret = "x".repeat(32);
    expect(loadConfig({ NODE_ENV: "production", SITE_URL: "https://example.ca", BETTER_AUTH_SECRET: secret }).BETTER_AUTH_SECRET).toBe(secret);
    // A production build served locally (npm start) keeps a per-install secret instead.
    expect(loadConfig({ NODE_ENV: "production" }).STUDIO_AUTH_SECRET).toBeUndefined();
  });
});
