import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

import {
  configuredBuildDir,
  configuredChromiumPath,
  configuredTestChromiumPath,
  DEFAULT_SITE_URL,
} from "./server/paths";

/**
 * End-to-end tests against the production build, served by our own server
 * with a throwaway SQLite file, in Debian's Chromium headless shell (never a downloaded browser;
 * it took 91 s of CPU where the full browser took 147 s for the same specs: decision 0064).
 * E2E_PORT lets parallel checkouts run side by side.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
// A production server refuses to start without a payments provider; specs that start their own inherit this.
process.env.PAYMENTS_PROVIDER ??= "sandbox";
const baseURL = `http://127.0.0.1:${port}`;
// One directory per run, made in the runner and inherited by its workers, for the server's database
// and what is kept beside it (the studio's auth secret), and removed when the runner exits: fixed
// /tmp names were shared by every checkout and never removed.
if (!process.env.E2E_RUN_DIR) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-e2e-"));
  process.env.E2E_RUN_DIR = runDir;
  process.on("exit", () => fs.rmSync(runDir, { recursive: true, force: true }));
}
// Tests (the studio's account CLI) reach the server's database through this.
const databasePath = (process.env.E2E_DATABASE_PATH ??= path.join(process.env.E2E_RUN_DIR!, "app.db"));

/** Tests tagged so run in the full browser instead of the headless shell (decision 0064). */
const FULL_BROWSER = /@full-browser/;

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  // The headless shell hints glyphs fully by default, the browser as fontconfig says (Debian:
  // slight): text measured 0.5 % wider or narrower (an h1 of 377 px drew 379) and wrapped
  // elsewhere than Lighthouse's and a visitor's Chromium. With this, the same widths as the browser.
  "--font-render-hinting=slight",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three browsers against the one server: the tests wait on the server, timers and
  // animations more than they compute (393 s of CPU in 662 s with two), and three overlap more.
  workers: Number(process.env.PLAYWRIGHT_WORKERS ?? 3),
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Limits for a test that hangs, not for one a loaded machine slowed: in a run beside the other
  // stages with three more busy processes (load 18 on two cores) tests took up to twice as long.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    trace: "off",
  },
  projects: [
    {
      name: "chromium",
      grepInvert: FULL_BROWSER,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        launchOptions: { executablePath: configuredTestChromiumPath(), args: chromiumArgs },
      },
    },
    {
      // What only a browser with windows does: a tab that loses focus to another, a PDF opened
      // in the viewer. The headless shell has neither.
      name: "chromium-browser",
      grep: FULL_BROWSER,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        launchOptions: { executablePath: configuredChromiumPath(), args: chromiumArgs },
      },
    },
  ],
  webServer: {
    command: `node ${configuredBuildDir()}/node/index.js`,
    // Ready: the database answers and every migration is applied.
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PAYMENTS_PROVIDER: "sandbox",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: DEFAULT_SITE_URL,
      LOG_LEVEL: "warn",
      // As behind nginx: each test sends its own X-Forwarded-For (tests/e2e/fixtures.ts).
      TRUST_PROXY: "1",
      DATABASE_PATH: databasePath,
      BUILD_DIR: configuredBuildDir(),
    },
  },
});
