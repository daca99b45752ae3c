import type { Page } from "@playwright/test";

import { publicRoutes } from "../../app/lib/route-registry";
import { expect, test } from "./fixtures";

/**
 * Demo sites part 2: plumber, gym, barbershop and electrician (docs/product.md#demo-sites).
 * Every page: key content and prices, one h1, axe clean, no sideways scroll at 375 px.
 */

type PageCheck = { h1: string | RegExp; texts: (string | RegExp)[] };

const slugs = ["plumber", "gym", "barbershop", "electrician"] as const;

/** What each page must show, by path; the pages themselves come from the route registry. */
const expected: Record<string, PageCheck> = {
  "/demo/plumber": {
    h1: "Plumbing fixed right, the first time",
    texts: ["$89", "$150", "$120", "$100", "$200", "24/7"],
  },
  "/demo/plumber/services": {
    h1: "Plumbing Services",
    texts: [
      "Plumbing Repairs",
      "Water Heater Service",
      "Drain Cleaning",
      "Bathroom Plumbing",
      "Gas Line Service",
      "Emergency Service",
    ],
  },
  "/demo/plumber/about": { h1: /family business/, texts: ["Our story", "Claire Moreau", "1996"] },
  "/demo/plumber/contact": {
    h1: /plumbing sorted/,
    texts: ["(604) 555-0163", "7:00 AM - 6:00 PM", "24/7, 365 days", "Office hours"],
  },
  "/demo/gym": {
    h1: /Stronger\s*Every\s*Week\./i,
    texts: ["Free 7-day trial", "Class timetable", "$60/session"],
  },
  "/demo/gym/programs": {
    h1: "Programs Built for Results",
    texts: [
      "$60/session",
      "$80/month",
      "$50/month",
      "$100/month",
      "Group Classes",
      "HIIT",
      "Included with membership",
    ],
  },
  "/demo/gym/about": {
    h1: "Built by Coaches. Powered by Community.",
    texts: ["Meet the coaches", "Tessa Nakamura"],
  },
  "/demo/gym/contact": {
    h1: "Start Your Free 7-Day Trial",
    texts: ["Opening hours", "(604) 555-0177", "5:00 AM - 11:00 PM"],
  },
  "/demo/barbershop": {
    h1: "Sharp Cuts. Hot Towels. Good Company.",
    texts: ["House favourites", "Open seven days"],
  },
  "/demo/barbershop/services": {
    h1: "Services & Prices",
    texts: ["30-45 min", "60 min", "Royal Package", "$85", "Gray Blending"],
  },
  "/demo/barbershop/about": {
    h1: "About Crown & Clipper",
    texts: [
      "A chair, a razor and a promise",
      "What we stand for",
      "Meet the barbers",
      "Why choose Crown & Clipper",
    ],
  },
  "/demo/barbershop/contact": {
    h1: "Hours, Memberships & Location",
    texts: [
      "9:00 AM - 8:00 PM",
      "9:00 AM - 7:00 PM",
      "10:00 AM - 6:00 PM",
      "Bronze",
      "Silver",
      "Gold",
      "Find us",
    ],
  },
  "/demo/electrician": {
    h1: "Safe, Reliable Electrical Work for Homes and Businesses",
    texts: ["2008", "What our customers say", "From $120", "From $200"],
  },
  "/demo/electrician/services": {
    h1: "Electrical Services",
    texts: ["$120", "$200", "$150", "Our promise on every job", "Electrical emergency? We're on our way."],
  },
  "/demo/electrician/about": {
    h1: "About Brightline Electric",
    texts: ["Your trusted electrical contractor since 2008", "Our core values", "Meet the team"],
  },
  "/demo/electrician/contact": {
    h1: "Contact Brightline Electric",
    texts: ["Get In Touch", "Service Areas", "For emergencies, please call us directly"],
  },
};

/** The registry's pages of one demo, so a page added to it is tested here (and must say what it shows). */
const pagesOf = (slug: string) =>
  publicRoutes
    .map((r) => r.path)
    .filter((path) => path === `/demo/${slug}` || path.startsWith(`/demo/${slug}/`));

test("every expected page is a registered route", () => {
  const registered = new Set(slugs.flatMap(pagesOf));
  expect(Object.keys(expected).filter((path) => !registered.has(path))).toEqual([]);
});

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(375);
}

for (const slug of slugs) {
  test.describe(`${slug} demo`, () => {
    for (const path of pagesOf(slug)) {
      // One load at 375 px: what the page shows, its axe check there (at the desktop size and
      // sideways scroll: routes.spec.ts, for every public route).
      test(`${path} at 375 px: key content, one h1, axe`, async ({ page, checkA11y }) => {
        const p = expected[path];
        expect(p, `${path} has no expected content in this spec`).toBeDefined();
        if (!p) return;
        await page.setViewportSize({ width: 375, height: 800 });
        const res = await page.goto(path);
        expect(res?.status()).toBe(200);
        await expect(page.locator("h1")).toHaveCount(1);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.h1);
        const main = page.locator("main#main");
        for (const t of p.texts) await expect(main.getByText(t).first()).toBeVisible();
        // Demo phone buttons never dial.
        await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
        await expectNoSidewaysScroll(page);
        await checkA11y();
      });
    }

    test("landing page ends with the demo banner", async ({ page }) => {
      await page.goto(`/demo/${slug}`);
      const banner = page.getByTestId("demo-banner");
      await expect(banner).toContainText("This is a demo site");
      await expect(banner.getByRole("link", { name: /portfolio/i })).toHaveAttribute("href", "/portfolio");
      // The banner is the last thing in main.
      expect(await page.locator("main#main > *:last-child").getAttribute("data-testid")).toBe("demo-banner");
    });

    test("mobile menu at 375 px opens and closes on choosing a link", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`/demo/${slug}`);
      const toggle = page.getByRole("button", { name: "Open menu" });
      const menu = page.locator(`#${slug}-menu`);
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(menu).toBeVisible();
      await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
      await menu.getByRole("link", { name: "Contact", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/demo/${slug}/contact$`));
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    });
  });
}

test.describe("service links lead to the contact pages", () => {
  test("plumber: six Request Service links", async ({ page }) => {
    await page.goto("/demo/plumber/services");
    const links = page.locator("main").getByRole("link", { name: /^Request Service/ });
    await expect(links).toHaveCount(6);
    for (const l of await links.all()) await expect(l).toHaveAttribute("href", "/demo/plumber/contact");
    // Each card shows its own price.
    for (const [title, price] of [
      ["Plumbing Repairs", "$89"],
      ["Water Heater Service", "$150"],
      ["Drain Cleaning", "$120"],
      ["Bathroom Plumbing", "$100"],
      ["Gas Line Service", "$200"],
      ["Emergency Service", "$150"],
    ] as const) {
      const card = page
        .locator("main [data-slot=card]")
        .filter({ has: page.getByRole("heading", { name: title }) });
      await expect(card).toContainText(price);
    }
    await links.first().click();
    await expect(page).toHaveURL(/\/demo\/plumber\/contact$/);
  });

  test("gym: six Get Started links", async ({ page }) => {
    await page.goto("/demo/gym/programs");
    const links = page.locator("main").getByRole("link", { name: /^Get Started/ });
    await expect(links).toHaveCount(6);
    for (const l of await links.all()) await expect(l).toHaveAttribute("href", "/demo/gym/contact");
    for (const [title, price] of [
      ["Personal Training", "$60/session"],
      ["Strength Training", "$80/month"],
      ["Wellness & Recovery", "$50/month"],
      ["Nutrition Coaching", "$100/month"],
      ["Group Classes", "Included with membership"],
      ["HIIT", "Included with membership"],
    ] as const) {
      await expect(
        page.locator("main article").filter({ has: page.getByRole("heading", { name: title, exact: true }) }),
      ).toContainText(price);
    }
  });

  test("barbershop: nine services with price and duration, five barbers, three plans, a labelled map", async ({
    page,
  }) => {
    await page.goto("/demo/barbershop/services");
    const items = page.locator("main li").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(items).toHaveCount(9);
    const item = (title: string) =>
      items.filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(item("Classic Haircut")).toContainText("$25");
    await expect(item("Classic Haircut")).toContainText("30-45 min");
    await expect(item("Premium Cut")).toContainText("$45");
    await expect(item("Premium Cut")).toContainText("60 min");
    for (const [t, price] of [
      ["Beard Trim", "$20"],
      ["Hot Towel Shave", "$35"],
      ["Kids Cut", "$18"],
      ["Hair Coloring", "$50"],
      ["Fade", "$28"],
      ["Royal Package", "$85"],
      ["Gray Blending", "$45"],
    ] as const) {
      await expect(item(t)).toContainText(price);
      await expect(item(t)).toContainText(/\d+(-\d+)? min/);
    }
    await page.goto("/demo/barbershop/about");
    const barbers = page.locator("main li").filter({ has: page.locator("dt", { hasText: "Experience" }) });
    await expect(barbers).toHaveCount(5);
    await expect(barbers.first()).toContainText("Specialty");
    await page.goto("/demo/barbershop/contact");
    for (const [plan, price, cuts] of [
      ["Bronze", "$35", "1 cut"],
      ["Silver", "$60", "2 cuts"],
      ["Gold", "$100", "Unlimited"],
    ] as const) {
      const card = page
        .locator("main li")
        .filter({ has: page.getByRole("heading", { name: plan, exact: true }) });
      await expect(card).toContainText(price);
      await expect(card).toContainText("/month");
      await expect(card).toContainText(cuts);
    }
    const map = page.getByRole("img", { name: /map of Gastown/i });
    await expect(map).toHaveAttribute("loading", "lazy");
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("electrician: home, about and services details", async ({ page }) => {
    await page.goto("/demo/electrician");
    await expect(page.locator("main").getByRole("link", { name: "Request Service" }).first()).toHaveAttribute(
      "href",
      "/demo/electrician/contact",
    );
    await page.goto("/demo/electrician/about");
    const badges = [
      "Master Electrician License",
      "Fully Insured & Bonded",
      "NEC Code Certified",
      "EPA Certified",
      "OSHA Safety Certified",
      "State Contractor License",
      "Emergency Services Certified",
      "Commercial Electrical Certified",
    ];
    await expect(
      page.locator("main section").filter({ hasText: "Licensed, certified and insured" }).locator("li"),
    ).toHaveText(badges);
    await expect(page.locator("main ol li")).toHaveCount(4);
    for (const role of ["Master Electrician & Founder", "Project Manager", "Lead Electrician"])
      await expect(page.getByText(role, { exact: true })).toBeVisible();
    await page.goto("/demo/electrician/services");
    await expect(page.locator("main [data-slot=card]")).toHaveCount(6);
  });
});

test.describe("electrician Request Service form", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/demo/electrician/contact", { waitUntil: "networkidle" });
    // The island loads when the visitor reaches for the form; our own validation then
    // takes over from the browser's.
    await page.locator("form").hover();
    await expect(page.locator("form[data-hydrated]")).toBeAttached();
  });

  test("loads no script until the visitor reaches for the form, and keeps what was typed meanwhile", async ({
    browser,
    baseURL,
  }) => {
    // A page of its own: beforeEach has already hovered the form on the shared one.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/demo/electrician/contact", { waitUntil: "networkidle" });
    await page.waitForTimeout(1500);
    expect(scripts, "no script before any intent").toEqual([]);
    await expect(page.locator("form[data-hydrated]")).toHaveCount(0);
    // Keyboard users reach it too: focus moving into the form starts the island.
    await page.locator("form").getByLabel("Name").focus();
    await page.keyboard.type("Ada");
    await expect(page.locator("form[data-hydrated]")).toBeAttached();
    expect(scripts.some((url) => /\.island-[\w-]+\.js$/.test(url))).toBe(true);
    await expect(page.locator("form").getByLabel("Name")).toHaveValue("Ada");
    await context.close();
  });

  test("fields, options, asterisks and the 5-row message", async ({ page }) => {
    const form = page.locator("form");
    for (const [label, required] of [
      ["Name", true],
      ["Phone", true],
      ["Email", false],
      ["Service Type", true],
      ["Property Type", false],
      ["Message", true],
    ] as const) {
      const field = form.getByLabel(label, { exact: false }).first();
      await expect(field).toBeVisible();
      const labelEl = form.locator(`label[for="${await field.getAttribute("id")}"]`);
      if (required) {
        await expect(field).toHaveAttribute("required", "");
        await expect(labelEl).toContainText("*");
      } else {
        await expect(field).not.toHaveAttribute("required");
        await expect(labelEl).not.toContainText("*");
      }
    }
    await expect(form.getByLabel("Name")).toHaveAttribute("type", "text");
    await expect(form.getByLabel("Phone")).toHaveAttribute("type", "tel");
    await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Message")).toHaveAttribute("rows", "5");
    await expect(form.getByLabel("Service Type").locator("option")).toHaveText([
      "Select a service",
      "Electrical Repair",
      "Installation",
      "Safety Inspection",
      "Panel Upgrade",
      "Lighting",
      "Wiring",
      "Other",
    ]);
    await expect(form.getByLabel("Property Type").locator("option")).toHaveText([
      "Residential",
      "Commercial",
      "Industrial",
    ]);
  });

  test("required fields are enforced with per-field messages", async ({ page, checkA11y }) => {
    await page.getByRole("button", { name: "Request Service", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Please correct the highlighted fields.");
    for (const [label, message] of [
      ["Name", "Please enter your name."],
      ["Phone", "Please enter a phone number"],
      ["Service Type", "Please select a service."],
      ["Message", "Please tell us a little about the job."],
    ] as const) {
      const field = page.locator("form").getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(".", "\\.")));
    }
    await expect(page.locator("form").getByLabel("Email")).not.toHaveAttribute("aria-invalid");
    await expect(page.locator("form").getByLabel("Name")).toBeFocused();
    await expect(page).toHaveURL(/\/demo\/electrician\/contact$/);
    await checkA11y();
  });

  test("a valid request sends nothing and says it is a demo", async ({ page }) => {
    const requests: string[] = [];
    // The page's analytics beacon (path only, a second after load) is not the form's: it carries nothing typed.
    page.on("request", (r) => {
      if (new URL(r.url()).pathname !== "/api/event") requests.push(`${r.method()} ${r.url()}`);
    });
    const form = page.locator("form");
    await form.getByLabel("Name").fill("Ada Lovelace");
    await form.getByLabel("Phone").fill("(604) 555-0101");
    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByLabel("Service Type").selectOption("Panel Upgrade");
    await form.getByLabel("Property Type").selectOption("Commercial");
    await form.getByLabel("Message").fill("Our panel buzzes when the dryer runs.");
    await page.getByRole("button", { name: "Request Service", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "demo form" })).toContainText(
      "Thanks, Ada Lovelace! This is a demo form, so nothing was sent.",
    );
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    await expect(page).toHaveURL(/\/demo\/electrician\/contact$/);
  });

  test("the emergency phone button is inert and says so", async ({ page }) => {
    const banner = page.locator("section").filter({ hasText: "Help available 24/7" });
    await banner.getByRole("button", { name: /Call \(604\) 555-0119/ }).click();
    await expect(page.getByText("This is a demo site").first()).toBeVisible();
    await expect(page).toHaveURL(/\/demo\/electrician\/contact$/);
  });
});
