import { describe, expect, it } from "vitest";

import { bearerMatches, createMetrics, routeGroup } from "./metrics.server";

describe("metrics", () => {
  it("puts each path in its route group, so no path, id or token becomes a label", () => {
    const table: [string, string][] = [
      ["/", "page"],
      ["/pricing", "page"],
      ["/demo/bakery/menu", "page"],
      ["/pricing.data", "page"],
      ["/assets/entry-abc123.js", "asset"],
      ["/favicon.svg", "asset"],
      ["/legal/privacy-policy.pdf", "asset"],
      ["/api/inquiries", "api-inquiries"],
      ["/api/create-payment", "api-payments"],
      ["/api/event", "api-event"],
      ["/api/stripe/webhook", "webhook"],
      ["/api/studio/leads.csv", "studio"],
      ["/studio", "studio"],
      ["/studio/leads/3f2b8c1e-0000-4000-8000-000000000000", "studio"],
      ["/quote/tok_abcdefghijklmnop", "quote"],
      ["/checkout/sandbox/cs_test_123", "checkout"],
      ["/payment-success", "checkout"],
      ["/healthz", "other"],
      ["/readyz", "other"],
      ["/metrics", "other"],
      ["/api/nope", "other"],
    ];
    expect(table.map(([path]) => [path, routeGroup(path)])).toEqual(table);
  });

  it("reports the last backup only once one has succeeded, the latest time each scrape", async () => {
    const metrics = createMetrics();
    expect(await metrics.registry.metrics()).not.toContain("cascadia_backup_last_success_timestamp_seconds");
    metrics.backupSucceeded(1_795_600_000);
    metrics.backupSucceeded(1_795_603_600);
    expect(await metrics.registry.metrics()).toContain(
      "cascadia_backup_last_success_timestamp_seconds 1795603600",
    );
  });

  it("gives another module its gauge once by name, however often it asks", () => {
    const metrics = createMetrics();
    const a = metrics.gauge("cascadia_test_gauge", "A test gauge.");
    expect(metrics.gauge("cascadia_test_gauge", "A test gauge.")).toBe(a);
    expect(metrics.counter("cascadia_test_total", "A test counter.")).toBe(
      metrics.counter("cascadia_test_total", "A test counter."),
    );
  });

  it("accepts exactly 'Bearer <token>'", () => {
    const token = "t".repeat(40);
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    for (const header of [
      undefined,
      "",
      token,
      `Bearer ${token} `,
      `Bearer ${"t".repeat(39)}u`,
      `bearer  ${token}`,
    ])
      expect(bearerMatches(header, token)).toBe(false);
  });
});
