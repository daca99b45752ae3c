import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";

import { builtCommand } from "../helpers/build";
import { readRowsIn, storedInquiries } from "./database";
import { expect, test } from "./fixtures";

/**
 * A lead's quote end to end with the sandbox provider: the studio creates and
 * sends it with the CLI (on the e2e server's database), the client opens the
 * link in a fresh context, accepts and pays the server-fixed deposit in the
 * checkout tab it opens, and the success page shows the quote and the amount and
 * links back to it and its receipt. The quote counts as viewed only once a person's
 * browser showed it (not a headless scanner's), and the quote's tab shows the deposit
 * paid as soon as the client returns to it (issue 37, items 10 and 14).
 */
/** The page gains and loses focus as a person's tab does: Playwright otherwise tells every page it has it. */
async function realFocus(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setFocusEmulationEnabled", { enabled: false });
}

const SCANNER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";

// The full browser: the quote's tab must lose the focus to checkout's and get it back, which
// tabs of the headless shell never do.
test(
  "a 1,234.56 CAD quote with a 50% deposit is accepted and 617.28 paid; the success page names the quote",
  { tag: "@full-browser" },
  async ({ browser, page, request, baseURL }) => {
    test.slow();
    const email = `quote-${Date.now()}@example.com`;
    const sent = await request.post("/api/inquiries", {
      headers: { origin: baseURL! },
      data: {
        firstName: "Grace",
        lastName: "Hopper",
        email,
        projectType: "basic",
        message: "A small site for our compiler workshop, please.",
      },
    });
    expect(sent.status()).toBe(200);
    const [lead] = storedInquiries(email);

    const cli = (args: string[]) =>
      execFileSync(process.execPath, [builtCommand("studio-quote"), ...args], {
        encoding: "utf8",
        env: {
          ...process.env,
          NODE_ENV: "test",
          DATABASE_PATH: process.env.E2E_DATABASE_PATH,
          SITE_URL: baseURL!,
        },
      });
    const created = cli([
      "create",
      "--inquiry",
      String(lead!.id),
      "--package",
      "pro",
      "--amount",
      "1234.56",
      "--deposit",
      "50",
    ]);
    const link = /Link: (\S+)/.exec(created)![1]!;
    const id = /\(id ([0-9a-f-]{36})\)/.exec(created)![1]!;
    cli(["send", id]);

    const status = () =>
      readRowsIn<{ status: string }>(
        process.env.E2E_DATABASE_PATH!,
        "select status from quotes where id = ?",
        id,
      )[0]!.status;
    // A link scanner that drives a headless browser renders the page and runs its script: not a view.
    const scanning = await browser.newContext({ userAgent: SCANNER_UA, baseURL });
    const scanner = await scanning.newPage();
    await scanner.goto(new URL(link).pathname);
    await expect(scanner.getByTestId("quote-total")).toHaveText("$1,234.56 CAD");
    await scanner.waitForTimeout(2_000);
    expect(status()).toBe("sent");
    await scanning.close();

    // The client's browser shows it: viewed, once it has been on screen for a second.
    await page.goto(new URL(link).pathname);
    await realFocus(page);
    await expect(page.getByTestId("quote-total")).toHaveText("$1,234.56 CAD");
    await expect.poll(status, { timeout: 60_000 }).toBe("viewed");
    await expect(page.getByText("Amount due now: $617.28 CAD")).toBeVisible();
    // Accepting is signing: a typed legal name and the box ticked.
    await page.getByLabel("Your full legal name").fill("Grace Brewster Hopper");
    await page.getByLabel(/I have read this quote/).check();
    // Checkout opens in a new tab (decision 0018); the quote page stays where it was.
    const [checkout] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("button", { name: "Sign and pay the deposit" }).click(),
    ]);
    await expect(page).toHaveURL(/\/quote\//);

    await expect(checkout).toHaveURL(/\/checkout\/sandbox\//);
    await checkout.getByRole("button", { name: /617\.28/ }).click();

    await expect(checkout).toHaveURL(/\/payment-success\?session_id=/);
    const reference = `Q-${id.slice(0, 8).toUpperCase()}`;
    await expect(checkout.getByText(`${reference} (deposit)`)).toBeVisible();
    await expect(checkout.getByText("$617.28 CAD")).toBeVisible();
    // The success page leads back to the quote and to its receipt.
    await expect(checkout.getByRole("link", { name: "Back to your quote" })).toHaveAttribute(
      "href",
      new URL(link).pathname,
    );
    const receipt = checkout.getByRole("link", { name: "Download your receipt (PDF)" });
    await expect(receipt).toHaveAttribute("href", new RegExp(`^${new URL(link).pathname}/documents/`));
    expect(
      (await checkout.request.get(String(await receipt.getAttribute("href")))).headers()["content-type"],
    ).toBe("application/pdf");

    // The client returns to the quote's tab, without reloading it: it shows the receipt and nothing
    // more to pay until the balance is requested.
    await realFocus(checkout);
    await checkout.bringToFront();
    await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(false);
    await page.bringToFront();
    await expect(page.getByText("Deposit paid", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /pay/i })).toHaveCount(0);
    await expect(page.getByText(/Deposit of \$617\.28 CAD received/)).toBeVisible();
  },
);
