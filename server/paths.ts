/**
 * The defaults of the environment variables that the build, the scripts, the tests, the
 * Playwright config and the server all read, in one place so each reads them the same way
 * (`BUILD_DIR=build-x npm run build` then `BUILD_DIR=build-x npx playwright test`).
 * Plain TypeScript with no imports: the server's config, Vite's and Playwright's load it too.
 */

export const DEFAULT_BUILD_DIR = "build";
export const DEFAULT_SITE_URL = "http://localhost:3000";
export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";
/** Debian's package of Chromium's headless shell: the browser Playwright runs headless tests in (decision 0064). */
export const DEFAULT_TEST_CHROMIUM_PATH = "/usr/bin/chromium-headless-shell";

type Env = Record<string, string | undefined>;

/** Where the build is written and read, as given (relative to the working directory unless absolute). */
export function configuredBuildDir(env: Env = process.env) {
  return env.BUILD_DIR ?? DEFAULT_BUILD_DIR;
}

/** The public origin without a trailing slash: canonical URLs, the sitemap, the bundles' __SITE_URL__. */
export function configuredSiteUrl(env: Env = process.env) {
  return (env.SITE_URL ?? DEFAULT_SITE_URL).replace(/\/+$/, "");
}

/** The Chromium that renders social images and previews and runs Lighthouse: the full browser. */
export function configuredChromiumPath(env: Env = process.env) {
  return env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
}

/**
 * The Chromium the end-to-end tests run in: its headless shell, the same engine without the
 * browser's window machinery (what Playwright itself runs for headless tests; decision 0064).
 */
export function configuredTestChromiumPath(env: Env = process.env) {
  return env.E2E_CHROMIUM_PATH ?? DEFAULT_TEST_CHROMIUM_PATH;
}
