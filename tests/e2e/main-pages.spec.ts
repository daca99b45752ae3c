import type { Locator } from "@playwright/test";

import { addOns } from "../../app/content/add-ons";
import { faqItems } from "../../app/content/faq";
import { portfolioItems } from "../../app/content/portfolio";
import { formatAddress, siteConfig } from "../../app/content/site";
import { team } from "../../app/content/team";
import { coreValues } from "../../app/content/values";
import { publicRoutes } from "../../app/lib/route-registry";
import { expect, test } from "./fixtures";

const mainPages = publicRoutes.filter((r) => r.section === "main" && r.prerender).map((r) => r.path);

test.describe("home", () => {
  test("shows the spec's hero, announcement, benefits, process, stack and prices", async ({
    page,
    checkA11y,
  }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stunning Websites That Drive Results");
    await expect(main.getByText("Premium Web Development", { exact: true })).toBeVisible();
    const hero = page.locator("#home");
    await expect(hero.getByRole("link", { name: "Start Your Project" })).toHaveAttribute("href", "/contact");
    await expect(hero.getByRole("link", { name: "View Portfolio" })).toHaveAttribute("href", "/portfolio");

    const announcement = page.locator("#announcements li");
    await expect(announcement).toHaveCount(1);
    await expect(announcement.getByRole("heading", { name: "Operations as Normal" })).toBeVisible();
    await expect(announcement.locator("time")).toHaveText("September 23, 2025");
    await expect(announcement).toHaveAttribute("data-type", /^(promotion|update|other)$/);
    await expect(announcement).toHaveAttribute("data-priority", /^(high|medium|other)$/);

    const whyUs = page.locator("#why-us");
    for (const title of ["Fast Delivery", "Modern Tech Stack", "Mobile-First Design", "SEO Optimized"]) {
      await expect(whyUs.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(whyUs).toContainText("1-2 weeks");
    await expect(page.locator("#process ol > li h3")).toHaveText([
      /Consultation/,
      /Design/,
      /Development/,
      /Launch/,
    ]);
    await expect(page.locator("#technology")).toContainText("TypeScript");

    await expect(page.getByTestId("starting-price-basic")).toHaveText("$220+");
    await expect(page.getByTestId("starting-price-pro")).toHaveText("$340+");
    await expect(page.locator("#portfolio").getByRole("link", { name: "View Portfolio" })).toHaveAttribute(
      "href",
      "/portfolio",
    );
    for (const [i, item] of portfolioItems.slice(0, 3).entries())
      await expectPreviewShown(page.locator("#portfolio article").nth(i), item.title);
    const cta = page.locator("#contact");
    await expect(cta.getByRole("link", { name: "Start Your Project" })).toHaveAttribute("href", "/contact");
    await expect(cta.getByRole("link", { name: "View Pricing" })).toHaveAttribute("href", "/pricing");
    await checkA11y();
  });

  test("has every anchor section the footer and spec point at", async ({ page }) => {
    await page.goto("/");
    for (const id of [
      "home",
      "announcements",
      "portfolio",
      "pricing",
      "story",
      "about",
      "extras",
      "contact",
    ]) {
      await expect(page.locator(`[id="${id}"]`), `#${id}`).toHaveCount(1);
    }
    // A footer anchor link lands on its home section.
    await page.getByRole("contentinfo").getByRole("link", { name: "Our Story" }).click();
    await expect(page).toHaveURL(/\/#story$/);
    await expect(page.locator("#story")).toBeInViewport();
  });
});

/** The card's picture of its demo's home page has loaded (lazy ones once scrolled to). */
async function expectPreviewShown(card: Locator, title: string) {
  const preview = card.getByRole("img", { name: `Preview of the ${title} demo's home page` });
  await preview.scrollIntoViewIfNeeded();
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** How many cards share each row of a grid: equal counts mean no row is left with a hole. */
async function cardsPerRow(cards: Locator) {
  const tops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.values()];
}

test("the portfolio cards fill every row at 375, 800 and 1440 px", async ({ page }) => {
  // One load of each page, measured at each width in turn: the grid lays out again on a resize.
  for (const [path, cards] of [
    ["/portfolio", page.getByRole("main").locator("article")],
    ["/", page.locator("#portfolio article")],
  ] as const) {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(path);
    for (const width of [375, 800, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const perRow = await cardsPerRow(cards);
      expect(new Set(perRow).size, `${path} at ${width} px, cards per row: ${perRow.join(", ")}`).toBe(1);
    }
  }
});

test("on a phone a portfolio card opens with a thumbnail beside its title, smaller than the intro", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/portfolio");
  const card = page.getByRole("main").locator("article").first();
  const [item] = portfolioItems;
  await expectPreviewShown(card, item!.title);
  const picture = await card.getByRole("img").boundingBox();
  const title = await card.getByRole("heading", { level: 3 }).boundingBox();
  const intro = await page.getByRole("main").locator("section").first().locator("p").last().boundingBox();
  expect(picture!.x + picture!.width).toBeLessThanOrEqual(title!.x);
  expect(picture!.width * picture!.height).toBeLessThan(intro!.width * intro!.height);
});

test("portfolio shows eight Live Demo cards linking to their demos", async ({ page, checkA11y }) => {
  await page.goto("/portfolio");
  const cards = page.getByRole("main").locator("article");
  await expect(cards).toHaveCount(8);
  for (const [i, item] of portfolioItems.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole("heading", { name: item.title })).toBeVisible();
    await expect(card).toContainText("Live Demo");
    await expect(card).toContainText(item.category);
    await expect(card.getByRole("link")).toHaveAttribute("href", item.link);
    await expectPreviewShown(card, item.title);
  }
  await expect(cards.nth(7).getByRole("link")).toHaveAttribute("href", "/demo/electrician");
  await checkA11y();
});

test.describe("pricing", () => {
  test("shows the cards, comparison table, add-ons, FAQ and call to action", async ({ page, checkA11y }) => {
    await page.goto("/pricing");
    const basic = page.getByRole("article", { name: "Basic" });
    const pro = page.getByRole("article", { name: "Pro" });
    await expect(basic.getByTestId("price-basic")).toHaveText("$350+");
    await expect(pro.getByTestId("price-pro")).toHaveText("$700+");
    await expect(basic).toContainText("Up to 5 pages");
    await expect(pro).toContainText("Up to 10 pages");
    await expect(pro).toContainText("Most Popular");
    await expect(basic).not.toContainText("Most Popular");

    const table = page.getByRole("table");
    await expect(table.locator("caption")).toContainText("Basic and Pro");
    await expect(table.locator("thead th[scope=col]")).toHaveText(["Feature", "Basic", "Pro"]);
    const row = (name: string) => table.getByRole("row", { name: new RegExp(`^${name}`) });
    await expect(row("Pages").getByRole("cell")).toHaveText(["Up to 5", "Up to 10"]);
    await expect(row("Free support").getByRole("cell")).toHaveText(["1 month", "3 months"]);
    await expect(row("Revisions").getByRole("cell")).toHaveText(["2", "5"]);
    await expect(row("Delivery").getByRole("cell")).toHaveText(["1-2 weeks", "2-4 weeks"]);
    await expect(row("Priority support").getByRole("cell")).toHaveText(["Not included", "Included"]);

    const addOnItems = page.locator("#add-ons li");
    await expect(addOnItems).toHaveCount(10);
    const expected: [string, string][] = [
      ["E-commerce Integration", "$200+"],
      ["Custom Forms", "$50"],
      ["Blog Setup", "$100"],
      ["Photo Gallery", "$75"],
      ["Social Media Integration", "$50"],
      ["Analytics Setup", "$50"],
      ["Live Chat", "$100"],
      ["Booking System", "$150"],
      ["Multi-language Support", "$200"],
      ["Advanced SEO", "$150"],
    ];
    expect(addOns).toHaveLength(expected.length);
    for (const [i, [name, price]] of expected.entries()) {
      await expect(addOnItems.nth(i).getByRole("heading")).toHaveText(name);
      await expect(addOnItems.nth(i).locator("p").first()).toHaveText(price);
    }

    await expect(page.locator("#faq summary")).toHaveCount(8);
    const cta = page.locator("#pricing-cta");
    await expect(cta.getByRole("link", { name: "Get Your Free Quote" })).toHaveAttribute("href", "/contact");
    await expect(cta.getByRole("link", { name: "View Portfolio" })).toHaveAttribute("href", "/portfolio");
    // Audit with an answer open too.
    await page.locator("#faq summary").first().click();
    await checkA11y();
  });

  test("FAQ answers the real questions with the spec's figures", async ({ page }) => {
    await page.goto("/pricing");
    const items = page.locator("#faq details");
    const answers: string[] = [];
    for (const [i, item] of faqItems.entries()) {
      const details = items.nth(i);
      await expect(details.locator("summary")).toHaveText(item.question);
      await details.locator("summary").click();
      const answer = details.locator("[data-slot=accordion-content]");
      await expect(answer).toBeVisible();
      answers.push((await answer.textContent()) ?? "");
    }
    const all = answers.join("\n");
    for (const figure of [
      "$0-20/month",
      "paid separately",
      "from $50/month",
      "from $150/month",
      "50% upfront",
      "50% on completion",
      "1-2 weeks",
      "2-4 weeks",
      "revisions",
    ]) {
      expect(all).toContain(figure);
    }
  });

  test("FAQ opens one item at a time, closes the open one, and works by keyboard, with no script", async ({
    page,
  }) => {
    await page.goto("/pricing");
    // Native <details name>: the behaviour must not depend on any script.
    await expect(page.locator("script[src], script[type=module]")).toHaveCount(0);
    const items = page.locator("#faq details");
    const open = page.locator("#faq details[open]");
    const [first, second] = [items.nth(0), items.nth(1)];
    const firstAnswer = first.locator("[data-slot=accordion-content]");

    await expect(open).toHaveCount(0);
    await expect(firstAnswer).toBeHidden();
    // Open.
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(firstAnswer).toBeVisible();
    // Switch: opening another closes the first.
    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    await expect(first).not.toHaveAttribute("open");
    await expect(firstAnswer).toBeHidden();
    await expect(open).toHaveCount(1);
    // Close the open one.
    await second.locator("summary").click();
    await expect(open).toHaveCount(0);

    // Keyboard: Enter opens, Space closes, Tab moves to the next question.
    await first.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("open", "");
    await page.keyboard.press("Space");
    await expect(first).not.toHaveAttribute("open");
    await page.keyboard.press("Tab");
    await expect(second.locator("summary")).toBeFocused();
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("open", "");
    await expect(open).toHaveCount(1);
    await page.keyboard.press("Enter");
    await expect(open).toHaveCount(0);
  });
});

test("about tells the 2025 founding story, six values and a team of four", async ({ page, checkA11y }) => {
  await page.goto("/about");
  await expect(page.locator("#founding")).toContainText("2025");
  await expect(page.locator("#founding")).toContainText(`${siteConfig.name} was founded in 2025`);
  const values = page.locator("#values li");
  await expect(values).toHaveCount(6);
  await expect(values.locator("h3")).toHaveText(coreValues.map((v) => v.title));
  const members = page.locator("#team li");
  await expect(members).toHaveCount(4);
  for (const [i, m] of team.entries()) {
    const card = members.nth(i);
    await expect(card.getByRole("heading", { name: m.name })).toBeVisible();
    await expect(card).toContainText(m.role);
    await expect(card).toContainText(m.description);
    await expect(card.locator("span[aria-hidden]").first()).toHaveText(
      m.name
        .split(" ")
        .map((p) => p[0])
        .join(""),
    );
  }
  await checkA11y();
});

test("our story is a four-entry ordered timeline", async ({ page, checkA11y }) => {
  await page.goto("/story");
  const entries = page.locator("#timeline ol > li");
  await expect(entries).toHaveCount(4);
  await expect(entries.locator("time")).toHaveText([
    "January 2025",
    "March 2025",
    "June 2025",
    "September 2025",
  ]);
  await checkA11y();
});

test.describe("extras", () => {
  test("lists three services and links the legal PDFs the spec's way", async ({ page, checkA11y }) => {
    await page.goto("/extras");
    const services = page.locator("#services article");
    await expect(services).toHaveCount(3);
    await expect(services.nth(0)).toContainText("Website Maintenance");
    await expect(services.nth(0)).toContainText("From $50/month");
    await expect(services.nth(1)).toContainText("SEO Services");
    await expect(services.nth(1)).toContainText("From $150/month");
    await expect(services.nth(2)).toContainText("Mobile App Development");
    for (const s of [0, 1, 2]) await expect(services.nth(s).locator("ul li")).not.toHaveCount(0);

    const legal = page.locator("#legal");
    const openTerms = legal.getByRole("link", { name: /Open Terms of Service/ });
    await expect(openTerms).toHaveAttribute("href", "/legal/terms-of-service.pdf");
    await expect(openTerms).toHaveAttribute("target", "_blank");
    await expect(openTerms).toHaveAttribute("rel", /noopener/);
    await expect(openTerms).toContainText("opens in a new tab");
    const download = legal.getByRole("link", { name: /Download PDF/ });
    await expect(download).toHaveAttribute("href", "/legal/terms-of-service.pdf");
    await expect(download).toHaveAttribute("download", "");

    const privacy = legal.getByRole("link", { name: /Privacy Policy/ });
    await expect(privacy).toHaveCount(1);
    await expect(privacy).toHaveAttribute("href", "/legal/privacy-policy.pdf");
    await expect(privacy).toHaveAttribute("target", "_blank");
    await expect(privacy).toHaveAttribute("rel", /noopener/);
    await expect(privacy).toContainText("opens in a new tab");
    await expect(privacy).not.toHaveAttribute("download");
    await checkA11y();
  });

  // The full browser: the headless shell downloads a PDF instead of showing it in a tab.
  test("the privacy policy opens in a new tab", { tag: "@full-browser" }, async ({ page, context }) => {
    await page.goto("/extras");
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page
        .locator("#legal")
        .getByRole("link", { name: /Privacy Policy/ })
        .click(),
    ]);
    await expect.poll(() => tab.url()).toContain("/legal/privacy-policy.pdf");
  });

  for (const file of ["terms-of-service", "privacy-policy"]) {
    test(`/legal/${file}.pdf answers 200 application/pdf`, async ({ request }) => {
      const response = await request.get(`/legal/${file}.pdf`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      const body = await response.body();
      expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    });
  }
});

test("contact shows the site config's details and Pacific business hours", async ({ page, checkA11y }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: siteConfig.email })).toHaveAttribute(
    "href",
    `mailto:${siteConfig.email}`,
  );
  await expect(main.getByRole("link", { name: siteConfig.phone.display })).toHaveAttribute(
    "href",
    siteConfig.phone.href,
  );
  await expect(main).toContainText(formatAddress());
  const hours = page.locator("section[aria-labelledby=business-hours-title]");
  await expect(hours).toContainText("Pacific Time");
  await expect(hours.locator("dt")).toHaveText(["Monday - Friday", "Saturday", "Sunday"]);
  await expect(hours.locator("dd")).toHaveText(["9:00 - 18:00", "10:00 - 16:00", "Closed"]);
  await checkA11y();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });
  for (const path of mainPages) {
    test(`${path} has no horizontal scroll and passes axe`, async ({ page, checkA11y }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      // Measure with the web fonts in place: they change text widths.
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await checkA11y();
    });
  }
});
