import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { addStudioAccount, expect, test } from "./fixtures";

test("a visitor from the bakery demo sends an inquiry; the studio finds it with its source and works it", async ({ page, checkA11y, contactLead }, testInfo) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(4).toString("hex");
  const lastName = `Source${suffix}`;

  // The demo banner's link carries the demo as the ref.
  await page.goto("/demo/bakery");
  const banner = page.getByTestId("demo-banner");
  await checkA11y();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await banner.screenshot({ path: testInfo.outputPath(`demo-banner-${width}.png`) });
  }
  await banner.getByRole("link", { name: "Get a site like this" }).click();
  await expect(page).toHaveURL(/\/contact\?ref=demo-bakery$/);

  // The bakery's project type is chosen before React (no layout shift: the select keeps its box).
  await expect(page.getByLabel("Project Type")).toHaveValue("ecommerce");
  expect(await page.locator("form[data-hydrated]").count()).toBe(0);
  const notice = page.getByText("We use these details only to answer your inquiry");
  await expect(notice.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute("href", "/legal/privacy-policy.pdf");
  await checkA11y();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`contact-${width}.png`), fullPage: true });
  }

  await page.getByLabel("First Name").fill("Bea");
  await page.getByLabel("Last Name").fill(lastName);
  await page.getByLabel("Email").fill(`bea-${suffix}@example.com`);
  await page.getByLabel("Project Details").fill("A site like the bakery demo, with online orders.");
  // The form's fill-time check wants a person's pace.
  await page.waitForTimeout(3000);
  const posted = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/api/inquiries"));
  await page.getByRole("button", { name: "Send Message" }).click();
  expect(new URL((await posted).url()).search).toBe("?page=%2Fcontact&ref=demo-bakery");
  await expect(page.locator("#inquiry-status")).toContainText("Thank you!");

  const email = `owner-${suffix}@example.com`;
  const password = `long passphrase ${suffix}`;
  await addStudioAccount(email, password);
  await page.goto("/studio");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();

  await page.getByRole("combobox", { name: "Source" }).selectOption("demo-bakery");
  await page.getByRole("searchbox", { name: "Search" }).fill(lastName);
  await page.getByRole("button", { name: "Apply" }).click();
  const row = page.getByRole("row", { name: new RegExp(lastName) });
  await expect(row).toContainText("demo-bakery");
  await expect(row).toContainText("E-commerce Website");
  await checkA11y();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`inbox-${width}.png`), fullPage: true });
  }

  await row.getByRole("link").click();
  const source = page.getByRole("region", { name: "Source" });
  await expect(source).toContainText("/contact");
  await expect(source).toContainText("demo-bakery");
  await expect(source).toContainText(/Version \d{4}-\d{2}-\d{2}, accepted/);
  await expect(page.getByRole("region", { name: "Payments" })).toContainText("No payment is linked to this lead.");
  await contactLead("Came from the bakery demo; wants orders.");
  await checkA11y();
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`lead-${width}.png`), fullPage: true });
  }

  await page.getByRole("link", { name: "Back to the inbox" }).click();
  await page.getByRole("combobox", { name: "Source" }).selectOption("demo-bakery");
  await page.getByRole("combobox", { name: "Status" }).selectOption("contacted");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("row", { name: new RegExp(lastName) })).toContainText("Contacted");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  expect(csv).toContain("Page,Ref,UTM source");
  expect(csv).toMatch(new RegExp(`${lastName}.*,/contact,demo-bakery,`, "s"));
  expect(csv).toContain("contacted");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/studio\/login$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form posts to its own URL, so the ref reaches the lead", async ({ page }) => {
    await page.goto("/contact?ref=demo-gym&utm_campaign=flyer");
    await expect(page.locator("form[method=post]")).toHaveAttribute("action", "#inquiry-status");
    const posted = page.waitForRequest((r) => r.method() === "POST");
    await page.getByLabel("First Name").fill("Noah");
    await page.getByLabel("Last Name").fill("Script");
    await page.getByLabel("Email").fill("noah@example.com");
    await page.getByLabel("Project Type").selectOption("pro");
    await page.getByLabel("Project Details").fill("A gym site, no JavaScript here.");
    await page.getByRole("button", { name: "Send Message" }).click();
    const request = await posted;
    expect(new URL(request.url()).pathname + new URL(request.url()).search).toBe("/contact?ref=demo-gym&utm_campaign=flyer");
    expect(request.postData()).toContain("privacyNotice=");
    await expect(page.locator("#inquiry-status")).toContainText("Thank you!");
  });
});
