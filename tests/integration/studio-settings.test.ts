import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { securityChannel } from "../../server/auth/security-notices.server";
import { testDatabaseKind } from "../helpers/databases";
import { validInquiry } from "../helpers/inquiries";
import { builtSite } from "../helpers/site";
import {
  signedInBy,
  signedInStudio,
  SITE,
  STUDIO_EMAIL,
  STUDIO_PASSWORD,
  type SignedInStudio,
} from "../helpers/studio";

/**
 * Issue 38's settings the owner changes without a deploy, through the built site's pages as a
 * browser without scripts posts them: the tax numbers and reminders on /studio/settings, the
 * password on /studio/account (better-auth's changePassword). A bad value is named beside its
 * field and changes nothing; each change is in the history (who, when, before and after) and
 * applies on the next request, with the environment's value as the default.
 */
describe(`studio settings on ${testDatabaseKind}`, () => {
  let h: SignedInStudio;
  beforeAll(async () => {
    h = await signedInStudio(
      { LOG_LEVEL: "silent", GST_HST_NUMBER: "123456789 RT0001" },
      { site: await builtSite() },
    );
  });
  afterAll(async () => {
    await h?.dispose();
  });

  const post = (path: string, form: Record<string, string>, client = h.browser) =>
    client.request(`${SITE}${path}`, { method: "POST", form });
  const page = async (path: string, client = h.browser) => {
    const res = await client.request(path);
    return { status: res.status, doc: new JSDOM(await res.text()).window.document };
  };
  const text = (doc: Document, selector: string) => doc.querySelector(selector)?.textContent?.trim();
  const changes = (key: string) =>
    h.database.db
      .selectFrom("settings_changes")
      .select(["before", "after", "actor"])
      .where("key", "=", key)
      .orderBy("changed_at")
      .execute();

  it("tax numbers: the environment's is the default; a bad one is named beside its field; a good one applies at once, in the history", async () => {
    const first = await page("/studio/settings");
    expect(first.doc.querySelectorAll("h1")).toHaveLength(1);
    expect(first.doc.querySelector<HTMLInputElement>("input[name=gstHstNumber]")!.value).toBe(
      "123456789 RT0001",
    );
    expect(first.doc.querySelector<HTMLInputElement>("input[name=pstNumber]")!.value).toBe("");

    const bad = await post("/studio/settings", {
      section: "taxes",
      gstHstNumber: "12345",
      pstNumber: "PST-1",
    });
    expect(bad.status).toBe(400);
    const refused = new JSDOM(await bad.text()).window.document;
    expect(text(refused, "#gstHstNumber-error")).toContain("9 digits, RT and 4 digits");
    expect(text(refused, "#pstNumber-error")).toContain("PST-1234-5678");
    expect(refused.querySelector("#gstHstNumber")!.getAttribute("aria-invalid")).toBe("true");
    expect(await changes("gstHstNumber")).toEqual([]);

    const good = await post("/studio/settings", {
      section: "taxes",
      gstHstNumber: "",
      pstNumber: "pst 1234-5678",
    });
    expect(good.status).toBe(200);
    expect(await good.text()).toContain("documents issued from now on carry these numbers");
    expect(await changes("gstHstNumber")).toEqual([
      { before: '"123456789 RT0001"', after: '""', actor: STUDIO_EMAIL },
    ]);
    // The next request: a small supplier now, so the lead's quote form has its tax boxes off.
    const lead = await h.client().request("/api/inquiries", { method: "POST", body: validInquiry });
    const { id } = (await lead.json()) as { id: string };
    const leadPage = await page(`/studio/leads/${id}`);
    expect(leadPage.doc.body.textContent).toContain("No GST/HST registration number is set");
    const after = await page("/studio/settings");
    const history = text(after.doc, "#history + ul") ?? after.doc.body.textContent!;
    expect(history).toContain("GST/HST number");
    expect(history).toContain(`${STUDIO_EMAIL}: 123456789 RT0001 → none`);
    expect(history).toContain("PST number");
    expect(history).toContain("PST-1234-5678");
    // Back to registered, from the page.
    await post("/studio/settings", { section: "taxes", gstHstNumber: "123456789RT0001", pstNumber: "" });
    const registered = await page(`/studio/leads/${id}`);
    expect(registered.doc.body.textContent).not.toContain("No GST/HST registration number is set");
  });

  it("reminders: days and wording saved from their own form, the other sections untouched; bad days refused beside the field", async () => {
    const before = await h.database.db
      .selectFrom("settings")
      .selectAll()
      .where("key", "=", "defaultTerms")
      .execute();
    const bad = await post("/studio/settings", {
      section: "reminders",
      reminderExpiringDays: "30",
      reminderBalanceDays: "9",
      reminderBalanceSecondDays: "8",
      reminderExpiringText: "Questions? Call us.",
      reminderBalanceText: "Thanks!",
    });
    expect(bad.status).toBe(400);
    const refused = new JSDOM(await bad.text()).window.document;
    expect(text(refused, "#reminderExpiringDays-error")).toContain("1 to 14 days");
    expect(text(refused, "#reminderBalanceSecondDays-error")).toBe(
      "The second balance reminder comes after the first.",
    );
    expect(await changes("reminderBalanceDays")).toEqual([]);
    const good = await post("/studio/settings", {
      section: "reminders",
      reminderExpiringDays: "5",
      reminderBalanceDays: "9",
      reminderBalanceSecondDays: "21",
      reminderExpiringText: "Questions? Call us <any> time.",
      reminderBalanceText: "Thanks!",
    });
    expect(good.status).toBe(200);
    expect(await changes("reminderBalanceDays")).toEqual([{ before: "7", after: "9", actor: STUDIO_EMAIL }]);
    const shown = await page("/studio/settings");
    expect(shown.doc.querySelector<HTMLInputElement>("input[name=reminderBalanceSecondDays]")!.value).toBe(
      "21",
    );
    expect(shown.doc.querySelector("textarea[name=reminderExpiringText]")!.textContent).toBe(
      "Questions? Call us <any> time.",
    );
    expect(
      await h.database.db.selectFrom("settings").selectAll().where("key", "=", "defaultTerms").execute(),
    ).toEqual(before);
  });

  it("changes the password through better-auth: refusals beside their field, other sessions end, recorded and emailed", async () => {
    const other = h.client();
    expect(signedInBy(await other.signIn())).toBe(true);
    const NEW = "marmot kettle orbit lantern 42";
    const change = (fields: Record<string, string>) =>
      post("/studio/account", { intent: "change-password", ...fields });

    const refusals: [Record<string, string>, string, string][] = [
      [
        { currentPassword: "wrong password here", newPassword: NEW, confirmPassword: NEW },
        "currentPassword",
        "That password is not right.",
      ],
      [
        { currentPassword: STUDIO_PASSWORD, newPassword: "short", confirmPassword: "short" },
        "newPassword",
        "at least 12 characters",
      ],
      [
        { currentPassword: STUDIO_PASSWORD, newPassword: "password1234", confirmPassword: "password1234" },
        "newPassword",
        "That password is refused",
      ],
      [
        { currentPassword: STUDIO_PASSWORD, newPassword: NEW, confirmPassword: `${NEW}!` },
        "confirmPassword",
        "The two new passwords differ.",
      ],
    ];
    for (const [fields, field, message] of refusals) {
      const res = await change(fields);
      expect(res.status, field).toBe(400);
      const doc = new JSDOM(await res.text()).window.document;
      expect(text(doc, `#${field}-error`), field).toContain(message);
      // What was typed is never sent back.
      expect(doc.querySelector<HTMLInputElement>(`input[name=${field}]`)!.value ?? "").toBe("");
    }
    // Nothing changed: the old password still signs in, no change recorded.
    expect(signedInBy(await h.client().signIn(STUDIO_EMAIL, STUDIO_PASSWORD))).toBe(true);
    expect(await changes(`password:${STUDIO_EMAIL}`)).toEqual([]);

    const done = await change({ currentPassword: STUDIO_PASSWORD, newPassword: NEW, confirmPassword: NEW });
    // Answered with the page again (a redirect), under the new session's cookie.
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/studio/account?password=changed#password");
    const shown = await page("/studio/account?password=changed");
    expect(text(shown.doc, "#password ~ form [role=status]") ?? shown.doc.body.textContent).toContain(
      "Password changed.",
    );
    // This browser stays signed in (its new session's cookie came with the answer); the other is signed out.
    expect(await h.browser.signedInAs()).toBe(STUDIO_EMAIL);
    expect(await other.signedInAs()).toBeNull();
    expect(signedInBy(await h.client().signIn(STUDIO_EMAIL, STUDIO_PASSWORD))).toBe(false);
    expect(signedInBy(await h.client().signIn(STUDIO_EMAIL, NEW))).toBe(true);
    // Recorded (who and when, never the password) and the owner is told.
    const recorded = await changes(`password:${STUDIO_EMAIL}`);
    expect(recorded).toHaveLength(1);
    expect(JSON.stringify(recorded)).not.toContain(NEW);
    expect(JSON.stringify(recorded)).not.toContain(STUDIO_PASSWORD);
    const queued = await h.database.db
      .selectFrom("outbox")
      .select("channel")
      .where("channel", "=", securityChannel("password-changed"))
      .execute();
    expect(queued).toHaveLength(1);
    const settings = await page("/studio/settings");
    expect(settings.doc.body.textContent).toContain(`Password of ${STUDIO_EMAIL}`);
  });
});
