import { publicRoutes } from "../../app/lib/route-registry";
import { expect, test } from "./fixtures";

// Every route (docs/product.md#routes) answers 200, has exactly one h1 and no axe violation.
for (const route of publicRoutes) {
  test(`${route.path} renders and passes axe`, async ({ page, checkA11y }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("main#main")).toBeVisible();
    await checkA11y();
  });
}

test("unknown paths get the 404 page, status 404, and the miss is logged", async ({ page, checkA11y }) => {
  const messages: string[] = [];
  page.on("console", (m) => messages.push(m.text()));
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /return to home/i })).toHaveAttribute(
    "href",
    "/",
  );
  await expect.poll(() => messages.join("\n")).toContain("/no-such-page");
  await checkA11y();
});
