import routes from "../../app/routes";
import { expect, expectNoSideScroll, signedInWithLead, test } from "./fixtures";

type RouteNode = { path?: string; index?: boolean; file: string; children?: RouteNode[] };

/** Every page of the studio's layout, from the route table itself (a lead's page with a real lead). */
function studioPages(leadId: string) {
  const layout = (routes as RouteNode[]).find((r) => r.file === "studio/layout.tsx")!;
  return layout.children!.map((r) => (r.index ? "/studio" : `/${r.path!.replace(":id", leadId)}`));
}

/**
 * Issue 41: the owner runs the studio from a phone. Every back-office page, at 375 px, fits the
 * screen's width: wide tables scroll inside their own region, the page never sideways.
 */
test("every studio page fits a 375 px phone without sideways scrolling", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const { leadId } = await signedInWithLead(page, page.request, baseURL!);
  const pages = studioPages(leadId);
  // The seven at least: home, pipeline, lead, calls, payments, accounting, analytics.
  for (const p of [
    "/studio",
    "/studio/pipeline",
    `/studio/leads/${leadId}`,
    "/studio/calls",
    "/studio/payments",
    "/studio/accounting",
    "/studio/analytics",
  ])
    expect(pages).toContain(p);
  for (const path of pages) {
    await page.goto(`${baseURL}${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSideScroll(page, 375);
  }
});
