import { describe, expect, it } from "vitest";

import { loadConfig } from "./config.server";
import {
  configuredBuildDir,
  configuredChromiumPath,
  configuredSiteUrl,
  configuredTestChromiumPath,
} from "./paths";

describe("the shared defaults of BUILD_DIR, SITE_URL, CHROMIUM_PATH and E2E_CHROMIUM_PATH", () => {
  it("takes SITE_URL without trailing slashes, defaulting like the build", () => {
    expect(configuredSiteUrl({ SITE_URL: "https://example.ca//" })).toBe("https://example.ca");
    expect(configuredSiteUrl({})).toBe("http://localhost:3000");
  });

  it("reads the build from BUILD_DIR, else build/, and Chromium from CHROMIUM_PATH, else the system's", () => {
    expect(configuredBuildDir({ BUILD_DIR: "build-e2e" })).toBe("build-e2e");
    expect(configuredBuildDir({})).toBe("build");
    expect(configuredChromiumPath({ CHROMIUM_PATH: "/opt/chromium" })).toBe("/opt/chromium");
    expect(configuredChromiumPath({})).toBe("/usr/bin/chromium");
  });

  it("runs the end-to-end tests in Chromium's headless shell unless E2E_CHROMIUM_PATH names another", () => {
    expect(configuredTestChromiumPath({})).toBe("/usr/bin/chromium-headless-shell");
    expect(configuredTestChromiumPath({ E2E_CHROMIUM_PATH: "/usr/bin/chromium" })).toBe("/usr/bin/chromium");
    // Lighthouse and the image scripts keep the full browser whatever the tests use.
    expect(configuredChromiumPath({ E2E_CHROMIUM_PATH: "/opt/x" })).toBe("/usr/bin/chromium");
  });

  it("gives the server the same defaults as the build and the tests", () => {
    const config = loadConfig({});
    expect(config.BUILD_DIR).toBe(configuredBuildDir({}));
    expect(config.SITE_URL).toBe(configuredSiteUrl({}));
    expect(loadConfig({ SITE_URL: "https://example.ca/" }).SITE_URL).toBe(
      configuredSiteUrl({ SITE_URL: "https://example.ca/" }),
    );
  });
});
