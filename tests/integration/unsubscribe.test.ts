import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { createReminderOptOuts } from "../../server/reminders/opt-outs.server";
import { secretFor } from "../../server/secrets.server";
import { openTestDatabase, testDatabaseKind, type TestDatabase } from "../helpers/databases";
import { capturingLogger } from "../helpers/logs";
import { builtSite } from "../helpers/site";

/**
 * A reminder's unsubscribe link in the built site: GET shows a button and changes
 * nothing (mail scanners open links), a POST (the button, or a mail client's RFC 8058
 * one-click post, which has no Origin) records the opt-out; a bad token changes nothing.
 */
describe(`unsubscribe page on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  const config = loadConfig({
    NODE_ENV: "test",
    PAYMENTS_PROVIDER: "sandbox",
    UNSUBSCRIBE_SECRET: "a test key for unsubscribe links, 32+ chars",
  });
  const optOuts = () => createReminderOptOuts({ database, key: secretFor(config, "reminder-opt-outs") });
  const stored = () => database.db.selectFrom("reminder_opt_outs").selectAll().execute();

  beforeAll(async () => {
    database = await openTestDatabase();
    app = createApp({ config, database, logger: capturingLogger().logger, site: await builtSite() });
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("shows a button on GET and unsubscribes nobody until it is pressed", async () => {
    const token = optOuts().tokenFor("client@example.com");
    const page = await app.request(`/unsubscribe/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const html = await page.text();
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toContain("Unsubscribe from reminders</button>");
    expect(html).toContain("noindex");
    expect(await stored()).toEqual([]);

    const pressed = await app.request(`http://localhost:3000/unsubscribe/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
      body: "",
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain("You are unsubscribed");
    expect(await optOuts().isOptedOut("client@example.com")).toBe(true);
  });

  it("takes a mail client's one-click post (RFC 8058), without Origin", async () => {
    const token = optOuts().tokenFor("one-click@example.com");
    const res = await app.request(`http://localhost:3000/unsubscribe/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await optOuts().isOptedOut("one-click@example.com")).toBe(true);
    expect(await optOuts().isOptedOut("client-b@example.com")).toBe(false);
  });

  it("answers 404 with a plain message to a forged token, and stores nothing", async () => {
    const before = (await stored()).length;
    const forged = `${"A".repeat(43)}.${"B".repeat(22)}`;
    const page = await app.request(`/unsubscribe/${forged}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This unsubscribe link is not valid.");
    const post = await app.request(`http://localhost:3000/unsubscribe/${forged}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(404);
    // Markup in the path is not echoed.
    const script = await app.request(`/unsubscribe/${encodeURIComponent("<script>alert(1)</script>")}`);
    expect(script.status).toBe(404);
    expect(await script.text()).not.toContain("<script>alert(1)");
    expect(await stored()).toHaveLength(before);
  });
});
