import type { Page } from "@playwright/test";

import { siteConfig } from "../../app/content/site";
import { expect, test } from "./fixtures";

/**
 * Demo sites, part 1: consultant, photographer portfolio, landscaper, bakery.
 * Expected texts are the product's (docs/product.md#demo-sites), typed here on purpose rather
 * than read from the content modules, so a wrong edit there fails here.
 */
const slugs = ["consultant", "portfolio", "landscaper", "bakery"];
const landings = slugs.map((slug) => `/demo/${slug}`);

const headerNav = (page: Page) => page.getByRole("banner").getByRole("navigation");

async function expectInert(page: Page, name: string | RegExp) {
  const url = page.url();
  await page.getByRole("main").getByRole("button", { name }).first().click();
  const notice = page.getByRole("status").locator("[data-notice]");
  await expect(notice).toContainText("This is a demo site");
  await expect(notice).toContainText("nothing is booked or dialled");
  expect(page.url()).toBe(url);
}

test.describe("demo notice", () => {
  test("an inert button's notice can be dismissed by its button, by Escape and by swiping", async ({
    page,
    checkA11y,
  }) => {
    await page.goto("/demo/landscaper/contact");
    const notice = page.locator("[data-notice]");
    const press = () => page.getByRole("main").getByRole("button").first().click();
    await press();
    await expect(notice).toBeVisible();
    await checkA11y();
    await page.getByRole("button", { name: "Dismiss notice" }).click();
    await expect(notice).toHaveCount(0);
    await press();
    await expect(notice).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(notice).toHaveCount(0);
    await press();
    const box = (await notice.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(notice).toHaveCount(0);
  });
});

// What every page is made of (one h1, images sized and labelled, nothing foreign, no placeholder
// text) is checked on the built HTML: tests/integration/demo-pages-html.test.ts.

test.describe("demo banner", () => {
  for (const path of landings) {
    test(`${path} ends with the banner naming the studio, linking to its portfolio and to a contact form that names the demo`, async ({
      page,
    }) => {
      await page.goto(path);
      const banner = page.getByTestId("demo-banner");
      await expect(banner).toContainText("This is a demo site");
      await expect(banner).toContainText(siteConfig.name);
      await expect(banner.getByRole("link", { name: /portfolio/ })).toHaveAttribute("href", "/portfolio");
      await expect(banner.getByRole("link", { name: "Get a site like this" })).toHaveAttribute(
        "href",
        `/contact?ref=demo-${path.split("/")[2]}`,
      );
      const isLast = await banner.evaluate(
        (el) => el.parentElement?.lastElementChild === el && el.parentElement.tagName === "MAIN",
      );
      expect(isLast).toBe(true);
    });
  }
});

test.describe("consultant", () => {
  test("services, results, process, testimonials, industries and contact", async ({ page }) => {
    await page.goto("/demo/consultant");
    const services = page.locator("#services");
    for (const price of ["From $150/hour", "From $200/session", "From $2500/project"]) {
      await expect(services.getByText(price, { exact: true })).toBeVisible();
    }
    const process = page.getByRole("region", { name: "A four-step process with no surprises" });
    await expect(process.getByRole("heading", { level: 3 })).toHaveText([
      "Discovery",
      "Strategy",
      "Implementation",
      "Optimization",
    ]);
    await expect(
      page.getByRole("region", { name: "Measured in outcomes, not hours" }).getByRole("term"),
    ).toHaveCount(4);
    const testimonials = page.getByRole("region", { name: "What our clients say" });
    await expect(testimonials.getByRole("img", { name: /^Rated [1-5] out of 5 stars$/ })).toHaveCount(3);
    await expect(
      page.getByRole("region", { name: "Eight industries we know from the inside" }).getByRole("listitem"),
    ).toHaveCount(8);
    const contact = page.locator("#contact");
    await expect(contact).toContainText("(604) 555-0187");
    await expect(contact).toContainText("hello@summitadvisorygroup.ca");
    await expectInert(page, "Call Now");
  });

  test("nav links target the #services, #about and #contact anchors", async ({ page }) => {
    await page.goto("/demo/consultant");
    for (const [label, id] of [
      ["Services", "services"],
      ["About", "about"],
      ["Contact", "contact"],
    ] as const) {
      await expect(page.locator(`#${id}`)).toHaveCount(1);
      const link = headerNav(page).getByRole("link", { name: label });
      await expect(link).toHaveAttribute("href", `/demo/consultant#${id}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/demo/consultant#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });
});

test.describe("photographer portfolio", () => {
  test("gallery with captions, priced services and a contact block", async ({ page }) => {
    await page.goto("/demo/portfolio");
    const gallery = page.locator("#portfolio");
    const figures = gallery.locator("figure");
    expect(await figures.count()).toBeGreaterThanOrEqual(6);
    for (const fig of await figures.all()) {
      await expect(fig.getByRole("img")).toHaveAccessibleName(/.{20,}/);
      await expect(fig.locator("figcaption")).not.toBeEmpty();
    }
    // Below the fold the photographs are lazily loaded SVG files, each one drawn.
    const sources = await gallery
      .locator("img")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")!));
    expect(sources.length).toBeGreaterThanOrEqual(6);
    for (const src of sources) {
      const res = await page.request.get(src);
      expect(res.status(), src).toBe(200);
      expect(res.headers()["content-type"], src).toBe("image/svg+xml");
      expect(await res.text(), src).toMatch(
        /^<\?xml[^>]*>\s*<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox=/,
      );
    }
    await gallery.locator("img").last().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        gallery
          .locator("img")
          .last()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect((await page.request.get("/demo/portfolio/photos/nope.svg")).status()).toBe(404);
    const services = page.locator("#services");
    for (const [title, price] of [
      ["Photography", "From $200"],
      ["Design", "From $150"],
      ["Creative Direction", "From $300"],
    ] as const) {
      await expect(services.getByRole("heading", { name: title, exact: true })).toBeVisible();
      await expect(services.getByText(price, { exact: true })).toBeVisible();
    }
    await expect(page.locator("#contact")).toContainText("studio@lumenandframe.ca");
    await expectInert(page, "Book a Session");
  });

  test("nav links target #portfolio, #services and #contact", async ({ page }) => {
    await page.goto("/demo/portfolio");
    for (const id of ["portfolio", "services", "contact"]) {
      await expect(page.locator(`#${id}`)).toHaveCount(1);
      const link = headerNav(page).locator(`a[href="/demo/portfolio#${id}"]`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });
});

test.describe("landscaper", () => {
  test("home has a hero and three link cards to services, portfolio and about", async ({ page }) => {
    await page.goto("/demo/landscaper");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Gardens that grow more beautiful every year",
    );
    const cards = page
      .getByRole("region", { name: "Everything you need for your outdoor space" })
      .getByRole("link");
    await expect(cards).toHaveCount(3);
    expect(await cards.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/demo/landscaper/services",
      "/demo/landscaper/portfolio",
      "/demo/landscaper/about",
    ]);
    await cards.first().click();
    await expect(page).toHaveURL(/\/demo\/landscaper\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Landscaping Services");
  });

  test("services: six cards with features, starting prices and Get Quote links to contact", async ({
    page,
  }) => {
    await page.goto("/demo/landscaper/services");
    const cards = page.getByTestId("service-card");
    await expect(cards).toHaveCount(6);
    const expected = [
      ["Landscape Design", "$500"],
      ["Installation", "$800"],
      ["Irrigation Systems", "$1,200"],
      ["Lawn Maintenance", "$120/month"],
      ["Seasonal Planting", "$300"],
      ["Outdoor Lighting", "$600"],
    ] as const;
    for (const [i, [title, price]] of expected.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole("heading")).toHaveText(title);
      await expect(card).toContainText(`From ${price}`);
      expect(await card.getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
      await expect(card.getByRole("link", { name: /Get Quote/ })).toHaveAttribute(
        "href",
        "/demo/landscaper/contact",
      );
    }
    await cards
      .nth(2)
      .getByRole("link", { name: /Get Quote/ })
      .click();
    await expect(page).toHaveURL(/\/demo\/landscaper\/contact$/);
  });

  test("portfolio: four categorised projects with image, description and features", async ({ page }) => {
    await page.goto("/demo/landscaper/portfolio");
    const projects = page.getByTestId("project");
    await expect(projects).toHaveCount(4);
    for (const p of await projects.all()) {
      await expect(p.getByText(/^(Residential|Commercial|Public)$/)).toBeVisible();
      await expect(p.getByRole("img")).toHaveAttribute("aria-label", /.+/);
      expect(await p.getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
    }
  });

  test("about: story, figures and three values", async ({ page }) => {
    await page.goto("/demo/landscaper/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rooted in Vancouver since 2006");
    await expect(page.getByRole("region", { name: "Evergreen in numbers" }).getByRole("term")).toHaveCount(4);
    await expect(
      page.getByRole("region", { name: "What we stand for" }).getByRole("heading", { level: 3 }),
    ).toHaveCount(3);
  });

  test("contact: phone, email, address, Mon-Sat 7-6 hours and an inert consultation button", async ({
    page,
  }) => {
    await page.goto("/demo/landscaper/contact");
    const main = page.getByRole("main");
    await expect(main).toContainText("(604) 555-0129");
    await expect(main).toContainText("hello@evergreenlandscapes.ca");
    await expect(main).toContainText("7420 Fraser Street, Vancouver, BC V5X 3V5");
    await expect(main).toContainText("Monday - Saturday");
    await expect(main).toContainText("7AM - 6PM");
    await expectInert(page, "Schedule Free Consultation");
  });

  test("header nav links reach every page", async ({ page }) => {
    await page.goto("/demo/landscaper");
    for (const [label, path] of [
      ["Services", "/demo/landscaper/services"],
      ["Portfolio", "/demo/landscaper/portfolio"],
      ["About", "/demo/landscaper/about"],
      ["Contact", "/demo/landscaper/contact"],
      ["Home", "/demo/landscaper"],
    ]) {
      await headerNav(page).getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator("h1")).toHaveCount(1);
    }
  });
});

test.describe("bakery", () => {
  test("menu: three items with prices and Order Now links to contact", async ({ page }) => {
    await page.goto("/demo/bakery/menu");
    const items = page.getByTestId("menu-item");
    await expect(items).toHaveCount(3);
    for (const [i, [title, price]] of (
      [
        ["Artisan Breads", "From $6"],
        ["Custom Cakes", "$45"],
        ["Pastries & Desserts", "$4"],
      ] as const
    ).entries()) {
      const item = items.nth(i);
      await expect(item.getByRole("heading", { level: 2 })).toHaveText(title);
      await expect(item.getByText(price, { exact: true })).toBeVisible();
      await expect(item.getByRole("link", { name: /Order Now/ })).toHaveAttribute(
        "href",
        "/demo/bakery/contact",
      );
    }
    await items
      .first()
      .getByRole("link", { name: /Order Now/ })
      .click();
    await expect(page).toHaveURL(/\/demo\/bakery\/contact$/);
  });

  test("about is titled Our Story; contact shows 6AM-7PM hours and details", async ({ page }) => {
    await page.goto("/demo/bakery/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Story");
    await page.goto("/demo/bakery/contact");
    const main = page.getByRole("main");
    await expect(main).toContainText("6AM - 7PM");
    await expect(main).toContainText("(604) 555-0148");
    await expect(main).toContainText("hello@goldencrustbakery.ca");
    await expectInert(page, "Call Now");
  });

  test("home links to the menu and story; header nav reaches every page", async ({ page }) => {
    await page.goto("/demo/bakery");
    await expect(page.getByRole("main").getByRole("link", { name: /See the Menu/ })).toHaveAttribute(
      "href",
      "/demo/bakery/menu",
    );
    await expect(page.getByRole("main").getByRole("link", { name: /Read our story/ })).toHaveAttribute(
      "href",
      "/demo/bakery/about",
    );
    for (const [label, path] of [
      ["Menu", "/demo/bakery/menu"],
      ["Our Story", "/demo/bakery/about"],
      ["Contact", "/demo/bakery/contact"],
      ["Home", "/demo/bakery"],
    ]) {
      await headerNav(page).getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  // No page scrolls sideways at 375 px: routes.spec.ts, for every public route.
  const menus = [
    { path: "/demo/consultant", slug: "consultant", link: "About", expect: /\/demo\/consultant#about$/ },
    { path: "/demo/portfolio", slug: "portfolio", link: "Services", expect: /\/demo\/portfolio#services$/ },
    {
      path: "/demo/landscaper",
      slug: "landscaper",
      link: "Portfolio",
      expect: /\/demo\/landscaper\/portfolio$/,
    },
    { path: "/demo/bakery", slug: "bakery", link: "Menu", expect: /\/demo\/bakery\/menu$/ },
  ];
  for (const m of menus) {
    test(`${m.path} mobile menu opens and closes when a link is chosen`, async ({ page, checkA11y }) => {
      await page.goto(m.path);
      const menu = page.locator(`#${m.slug}-menu`);
      await expect(menu).toBeHidden();
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(menu).toBeVisible();
      await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
      await checkA11y();
      await menu.getByRole("link", { name: m.link, exact: true }).click();
      await expect(page).toHaveURL(m.expect);
      await expect(menu).toBeHidden();
    });
  }
});
