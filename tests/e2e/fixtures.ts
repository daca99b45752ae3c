import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

import { builtCommand } from "../helpers/build";

const AXE_STYLE = "* { content-visibility: visible !important; }";

/** Console errors that are CSP refusals of the page's own, leaving out the axe fixture's style tag (refused too; the error names its hash). */
export function cspViolations(consoleErrors: string[]) {
  const axeStyle = createHash("sha256").update(AXE_STYLE).digest("base64");
  return consoleErrors.filter((t) => /Content Security Policy/i.test(t) && !t.includes(axeStyle));
}

/**
 * Shared fixtures: every test gets a fresh page from browser.newContext()
 * (axe needs one), a helper that fails on any WCAG 2.2 A/AA violation
 * (expectNoA11yViolations), and
 * the studio's steps that several specs take on the page.
 */
type Fixtures = {
  checkA11y: () => Promise<void>;
  /** On a new lead's studio page: moves it to Contacted, then adds the private note; waits for both on the timeline. */
  contactLead: (note: string) => Promise<void>;
  /**
   * Adds a fresh studio account and signs `page` in with it (the test's own page unless
   * given), at the suite's server unless `origin` and `databasePath` name a spec's own.
   */
  studioSignIn: (options?: { page?: Page; origin?: string; databasePath?: string }) => Promise<StudioAccount>;
  /** From any studio page: finds a lead by its last name in the inbox and opens its page. */
  openLead: (lastName: string) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  // Pages, `request` and contexts a test opens itself all carry its visitor address.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({
      ...extraHTTPHeaders,
      "x-forwarded-for": visitorAddress(`${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`),
    });
  },
  checkA11y: async ({ page }, use) => {
    await use(() => expectNoA11yViolations(page));
  },
  contactLead: async ({ page }, use) => {
    await use(async (note) => {
      const timeline = page.getByRole("region", { name: "Timeline" });
      await page.getByLabel("Move to").selectOption("contacted");
      await page.getByRole("button", { name: "Update status" }).click();
      await expect(timeline).toContainText("Status: New → Contacted");
      await page.getByLabel("Private note").fill(note);
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(timeline).toContainText(note);
    });
  },
  studioSignIn: async ({ page }, use) => {
    await use(({ page: target = page, origin = "", databasePath } = {}) =>
      signInNewAccount(target, origin, databasePath),
    );
  },
  openLead: async ({ page }, use) => {
    await use(async (lastName) => {
      await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Inbox" }).click();
      await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
      await page.getByRole("searchbox", { name: "Search" }).fill(lastName);
      await page.getByRole("button", { name: "Apply" }).click();
      await page
        .getByRole("row", { name: new RegExp(lastName) })
        .getByRole("link")
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(lastName);
    });
  },
});

export { expect };

/**
 * Fails on any WCAG 2.2 A/AA (and best-practice) violation axe finds on the page as it
 * stands once settled: every spec's axe check goes through here.
 */
export async function expectNoA11yViolations(page: Page) {
  // Blocks below the fold render only as they near the viewport (content-visibility:
  // auto, decision 0010); axe reads colours from what is painted, so paint them all first.
  // The studio's CSP refuses inline styles; its pages have no lazy blocks to paint.
  await page.addStyleTag({ content: AXE_STYLE }).catch(() => {});
  // From the top: scrolled down, the sticky header covers part of whatever sits under it, and
  // axe's target-size rule counts only the uncovered part (a checkbox failed or passed by scroll).
  // At once: the site scrolls smoothly (scroll-behavior), and axe must not run mid-scroll.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" })).catch(() => {});
  await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // A page of one frame (every page here) is analysed in place by axe.run: the same results
    // as the default, which runs axe in each frame and then again in a blank page of its own to
    // merge them, for half the time. A page with frames keeps the default, which reaches
    // cross-origin ones.
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n    ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits for what axe judges to be final: the page loaded, every stylesheet applied, the
 * fonts ready, styles just added applied, and no transition or animation running (a colour
 * fading in is read half-way). A loaded machine once ran axe on a page whose styles had not
 * settled, and color-contrast failed on a page that passes alone.
 */
export async function settled(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(async () => {
    // Within a limit: a stylesheet that failed to load has no sheet ever, and axe then says so.
    const within = (promise: Promise<unknown>, ms = 5_000) =>
      Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
    const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
      (link) => !link.sheet,
    );
    await within(
      Promise.all(
        pending.map(
          (link) =>
            new Promise((resolve) => {
              link.addEventListener("load", resolve, { once: true });
              link.addEventListener("error", resolve, { once: true });
            }),
        ),
      ),
    );
    await within(document.fonts.ready);
    // Two frames: a style just added is applied, and the transitions it starts are running.
    const frame = () => within(new Promise((resolve) => requestAnimationFrame(resolve)), 100);
    await frame();
    await frame();
    const finite = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
    await within(Promise.all(finite.map((a) => a.finished.catch(() => {}))));
  });
}

/** Clicks a download link (a studio CSV export) and reads the file the browser saved. */
export async function downloadText(link: Locator) {
  const download = link.page().waitForEvent("download");
  await link.click();
  return fs.readFileSync((await (await download).path())!, "utf8");
}

/** The page fits the viewport's width: wide tables scroll inside their own region, the page never sideways. */
export async function expectNoSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * The address the e2e server (TRUST_PROXY=1, playwright.config.ts) counts a test's
 * requests under, as nginx would send it: one per run of a test (repeats and retries
 * too), so the per-visitor rate limits (5 inquiries a minute) count each test alone.
 * With one address for the whole suite, whichever test posted the sixth inquiry of a
 * clock minute got a 429.
 */
export function visitorAddress(run: string) {
  const [a, b, c] = createHash("sha256").update(run).digest();
  return `10.${a}.${b}.${c! || 1}`;
}

/**
 * The forms are islands that load React on the visitor's first sign of intent toward
 * them (docs/decisions/0012). Shows that intent as a mouse user does, by moving the
 * pointer over the form, and waits until React is in charge of it.
 */
export async function hydrateForm(page: Page) {
  await page.locator("[data-island] form").first().hover();
  await expect(page.locator("form[data-hydrated]")).toHaveCount(1, { timeout: 60_000 });
}

/**
 * Holds every script file the page asks for until `release()`: the page stays as a
 * visitor on a slow link sees it before React arrives. Returns the files asked for so far.
 */
export async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const requested: string[] = [];
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  return { release, requested };
}

/**
 * Creates a studio account in the e2e server's database (or a spec's own) through the real CLI,
 * the password piped in. It runs as the build compiled it, in one node process: `npx tsx` added
 * npm's start and a second node process, 2 s of wall time for each account on a loaded machine,
 * and tsx's loader twice the CPU of the compiled file (tests/integration/studio-user-cli.test.ts
 * runs the source through npx, as a shell would).
 */
export async function addStudioAccount(
  email: string,
  password: string,
  databasePath = process.env.E2E_DATABASE_PATH!,
) {
  const child = execFile(process.execPath, [builtCommand("studio-user"), "add", email], {
    env: { ...process.env, NODE_ENV: "test", DATABASE_PATH: databasePath, DATABASE_URL: "" },
  });
  child.stdin!.end(`${password}\n`);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(code).toBe(0);
}

type StudioAccount = { email: string; password: string; suffix: string };

/** A new studio account with names of its own (`suffix`, for the test's other names too), made through the real CLI. */
export async function newStudioAccount(databasePath?: string): Promise<StudioAccount> {
  const suffix = randomBytes(4).toString("hex");
  const account = { email: `owner-${suffix}@example.com`, password: `long passphrase ${suffix}`, suffix };
  await addStudioAccount(account.email, account.password, databasePath);
  return account;
}

/**
 * A new lead, posted to the server at `origin` as the form's script does (the same-origin
 * header the API asks for); the fields not given are a small bakery site's. Its answer.
 */
export async function sendLead(
  request: APIRequestContext,
  origin: string,
  lead: { lastName: string; email: string } & Record<string, unknown>,
) {
  const sent = await request.post(`${origin}/api/inquiries`, {
    headers: { origin },
    data: {
      firstName: "Bea",
      projectType: "basic",
      message: "A small site for our bakery, with the menu.",
      ...lead,
    },
  });
  expect(sent.ok()).toBe(true);
  return (await sent.json()) as { success: boolean; id: string };
}

/**
 * A new studio account signed in on `page`, and a new lead sent through the public API:
 * its id, last name and email. On the suite's server, or on a spec's own (its origin and database file).
 */
export async function signedInWithLead(
  page: Page,
  request: APIRequestContext,
  origin: string,
  databasePath?: string,
) {
  const suffix = randomBytes(4).toString("hex");
  const lead = {
    firstName: "Grace",
    lastName: `Quote${suffix}`,
    email: `grace-${suffix}@example.com`,
    projectType: "pro",
    message: "A site for our compiler workshop, with a booking form.",
  };
  const { id: leadId } = await sendLead(request, origin, lead);
  await signInNewAccount(page, origin, databasePath);
  return { leadId, lastName: lead.lastName, email: lead.email };
}

/** A new studio account (through the real CLI) signed in on `page`, which lands on the studio's home. */
async function signInNewAccount(page: Page, origin: string, databasePath?: string) {
  const account = await newStudioAccount(databasePath);
  await page.goto(`${origin}/studio/login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/studio$/);
  return account;
}

/** The client signs the quote open on `page` (a typed legal name, the box ticked) and gets the deposit's checkout, which opens in a new tab (decision 0018). */
export async function signForDeposit(page: Page, legalName: string, company?: string) {
  await page.getByLabel("Your full legal name").fill(legalName);
  if (company) await page.getByLabel("Company (if you sign for one)").fill(company);
  await page.getByLabel(/I have read this quote/).check();
  const [checkout] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("button", { name: "Sign and pay the deposit" }).click(),
  ]);
  return checkout;
}
