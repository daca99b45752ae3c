import { describe, expect, it } from "vitest";

import { unsupportedRuntime } from "./runtime.server";
import { TIME_ZONE_PROBES, timeZoneCheck, timeZoneDataProblem, utcOffsetMinutes } from "./time-zone.server";

// Data from before 2026a gave Vancouver the rule Los Angeles still follows (UTC-8 in
// winter): real Intl data of that zone stands in for an outdated runtime.
const outdatedData = (zone: string, instant: Date) =>
  utcOffsetMinutes(zone === "America/Vancouver" ? "America/Los_Angeles" : zone, instant);

describe("the runtime's time-zone data", () => {
  it("is current on the runtime the project runs on: Vancouver at UTC-7 in summer and winter", () => {
    expect(utcOffsetMinutes("America/Vancouver", new Date("2026-07-01T12:00:00Z"))).toBe(-420);
    expect(utcOffsetMinutes("America/Vancouver", new Date("2026-12-01T12:00:00Z"))).toBe(-420);
    expect(utcOffsetMinutes("America/Los_Angeles", new Date("2026-12-01T12:00:00Z"))).toBe(-480);
    expect(utcOffsetMinutes("UTC", new Date("2026-12-01T12:00:00Z"))).toBe(0);
    expect(utcOffsetMinutes("Asia/Kolkata", new Date("2026-12-01T12:00:00Z"))).toBe(330);
    expect(TIME_ZONE_PROBES.map((p) => p.instant)).toContain("2026-12-01T12:00:00Z");
    expect(timeZoneDataProblem()).toBeNull();
    // A real deployment's settings (what the check reads of them): nothing to refuse or warn of.
    expect(timeZoneCheck({ NODE_ENV: "production", SITE_URL: "https://cascadiawebstudio.ca" })).toBeNull();
  });

  it("is reported as outdated, with the fix, when it puts Vancouver at UTC-8 in winter", () => {
    const problem = timeZoneDataProblem(outdatedData);
    expect(problem).toMatch(/puts America\/Vancouver at UTC-8 on 2026-12-01/);
    expect(problem).toMatch(/British Columbia is on UTC-7 all year since 2026/);
    expect(problem).toMatch(/Run the server on Node 24\.21 or later/);
  });

  it("stops a real deployment from starting; development, tests and loopback builds start with a warning", () => {
    const problem = timeZoneDataProblem(outdatedData);
    expect(
      timeZoneCheck({ NODE_ENV: "production", SITE_URL: "https://cascadiawebstudio.ca" }, problem),
    ).toEqual({ refuse: true, message: problem });
    // `npm start`, the e2e server and benchmarks are production builds on loopback.
    expect(timeZoneCheck({ NODE_ENV: "production", SITE_URL: "http://localhost:3000" }, problem)).toEqual({
      refuse: false,
      message: problem,
    });
    expect(
      timeZoneCheck({ NODE_ENV: "development", SITE_URL: "https://cascadiawebstudio.ca" }, problem)?.refuse,
    ).toBe(false);
    expect(timeZoneCheck({ NODE_ENV: "test", SITE_URL: "http://127.0.0.1:3100" }, problem)?.refuse).toBe(
      false,
    );
  });
});

describe("the runtime", () => {
  it("is refused before it can crash opening SQLite when it lacks Node-API 10 (Node 20)", () => {
    expect(unsupportedRuntime()).toBeNull();
    expect(unsupportedRuntime({ node: "24.21.0", napi: "10" })).toBeNull();
    expect(unsupportedRuntime({ node: "20.20.2", napi: "9" })).toMatch(
      /^Node 20\.20\.2 is not supported \(Node-API 9; the SQLite driver needs 10\): run the server on Node 24\.21 or later/,
    );
  });
});
