import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import * as OTPAuth from "otpauth";

import { securityNotices } from "./database";
import { cspViolations, expect, newStudioAccount, test } from "./fixtures";

/**
 * Passkeys belong to SITE_URL's host (localhost in playwright.config.ts), and a
 * browser offers them only there: these tests open the studio at localhost on
 * the server's port, not at 127.0.0.1.
 */
const origin = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

async function signInWithPassword(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto(`${origin}/studio/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/studio\/login$/);
}

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: test.info().outputPath(`studio-auth-${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe("studio passkeys and two-factor", () => {
  test("registers a passkey from the account page and signs in with it", async ({ page, checkA11y }) => {
    test.setTimeout(90_000);
    const account = await newStudioAccount();
    // Chromium's virtual authenticator: a platform passkey that verifies its user without a prompt.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });

    await signInWithPassword(page, account);
    await page
      .getByRole("navigation", { name: "Studio" })
      .getByRole("link", { name: "Account", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(page.getByText("No passkeys yet.")).toBeVisible();
    // A session alone may not add one: the password first.
    const passkeys = page.getByRole("region", { name: "Passkeys" });
    await expect(passkeys.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
    await passkeys.getByLabel("Password").fill(account.password);
    await passkeys.getByRole("button", { name: "Confirm password" }).click();
    await expect(
      passkeys.getByText("Password confirmed: you can add or remove passkeys for the next few minutes."),
    ).toBeVisible();
    await page.getByLabel("Passkey name (optional)").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("Passkey added.")).toBeVisible({ timeout: 60_000 });
    const list = page.getByRole("list", { name: "Your passkeys" });
    await expect(list).toContainText("Test laptop");
    // The owner is told by email (queued in the outbox for the account's address).
    expect(securityNotices(account.email)).toEqual(["studio-security:passkey-added"]);
    await checkA11y();
    await screenshots(page, "account-passkey");

    await signOut(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(`${origin}/studio`);
    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();

    // Removing it: the list is empty again.
    await page
      .getByRole("navigation", { name: "Studio" })
      .getByRole("link", { name: "Account", exact: true })
      .click();
    // A passkey sign-in is a new session: removing asks for the password again too.
    await expect(list.getByRole("button", { name: "Remove Test laptop" })).toHaveCount(0);
    await passkeys.getByLabel("Password").fill(account.password);
    await passkeys.getByRole("button", { name: "Confirm password" }).click();
    await list.getByRole("button", { name: "Remove Test laptop" }).click();
    await expect(page.getByText("No passkeys yet.")).toBeVisible();
    expect(securityNotices(account.email)).toEqual([
      "studio-security:passkey-added",
      "studio-security:passkey-removed",
    ]);
    // The WebAuthn chunk and its requests ran under the studio's CSP.
    expect(cspViolations(errors)).toEqual([]);
  });

  test("turns on TOTP, then password sign-in asks for the code", async ({ page, checkA11y }) => {
    test.setTimeout(90_000);
    const account = await newStudioAccount();
    await signInWithPassword(page, account);
    await page.goto(`${origin}/studio/account`);
    await page
      .getByRole("region", { name: "Two-factor authentication" })
      .getByLabel("Password")
      .fill(account.password);
    await page.getByRole("button", { name: "Set up two-factor" }).click();
    const uri = await page.getByTestId("totp-uri").getAttribute("href");
    // The QR code, read as a phone's camera would: the picture shown decodes to the setup link.
    const qr = page.getByTestId("totp-qr");
    await expect(qr).toBeVisible();
    const pixels = await qr.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement("canvas");
      [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
      const context = canvas.getContext("2d")!;
      context.drawImage(img, 0, 0);
      return {
        width: canvas.width,
        height: canvas.height,
        data: [...context.getImageData(0, 0, canvas.width, canvas.height).data],
      };
    });
    const scanned = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data;
    expect(scanned).toBe(uri);
    const totp = OTPAuth.URI.parse(scanned!) as OTPAuth.TOTP;
    await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
    await checkA11y();
    await screenshots(page, "account-totp-setup");
    await page.getByLabel("Code from the app").fill(totp.generate());
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect(page.getByText(/^On\./)).toBeVisible();
    await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);
    await checkA11y();

    await signOut(page);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/studio\/login\?step=code$/);
    await expect(page.getByLabel("Authentication code")).toBeFocused();
    await checkA11y();
    // A code from ten minutes ago is refused, and focus moves to the message.
    await page.getByLabel("Authentication code").fill(totp.generate({ timestamp: Date.now() - 10 * 60_000 }));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toHaveText("That code is not right.");
    await expect(page.getByRole("alert")).toBeFocused();
    await checkA11y();
    await screenshots(page, "login-code");
    await page.getByLabel("Authentication code").fill(totp.generate());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(`${origin}/studio`);
    await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
  });
});
