import fs from "node:fs";
import path from "node:path";

import { expect, expectNoA11yViolations, expectNoSideScroll, signedInWithLead, test } from "./fixtures";

/** Issue 41's seven screens; BACK_OFFICE_SCREENS=reports/back-office/issue-41 also saves each at each width (reports/back-office.md). */
const screens = ["home", "pipeline", "lead", "calls", "payments", "accounting", "analytics"] as const;
const widths = [375, 1024, 1440];

test("the owner's seven screens are axe-clean and fit at 375, 1024 and 1440 px", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { leadId } = await signedInWithLead(page, page.request, baseURL!);
  const out = process.env.BACK_OFFICE_SCREENS;
  if (out) fs.mkdirSync(out, { recursive: true });
  const paths: Record<(typeof screens)[number], string> = {
    home: "/studio",
    pipeline: "/studio/pipeline",
    lead: `/studio/leads/${leadId}`,
    calls: "/studio/calls",
    payments: "/studio/payments",
    accounting: "/studio/accounting",
    analytics: "/studio/analytics",
  };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      await page.goto(`${baseURL}${paths[screen]}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSideScroll(page, width);
      await expectNoA11yViolations(page);
      if (out) await page.screenshot({ path: path.join(out, `${screen}-${width}.png`), fullPage: true });
    }
  }
});
