import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp } from "../helpers/app";

describe("HTTP app", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it("answers liveness on /healthz and readiness (database up, migrations applied) on /readyz", async () => {
    const res = await t.app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    const ready = await t.app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", database: "up", migrations: "applied" });
  });

  it("sets security headers and a request id on every response", async () => {
    const res = await t.app.request("/healthz");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("answers unknown API paths with JSON 404", async () => {
    const res = await t.app.request("/api/nope", { method: "POST" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Not found." });
  });

  it("caps request bodies", async () => {
    const res = await t.app.request("/api/nope", {
      method: "POST",
      body: "x".repeat(70 * 1024),
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(413);
  });

  it("reports not ready (503) when the database is down, while still alive", async () => {
    const down = await createTestApp();
    await down.database.close();
    const res = await down.app.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "error", database: "down" });
    expect((await down.app.request("/healthz")).status).toBe(200);
    await down.dispose().catch(() => {});
  });
});
