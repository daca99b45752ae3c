import fs from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import routeTable from "~/routes";

import { loadConfig } from "../../server/config.server";
import { createLogger } from "../../server/logger.server";
import { captureLogs } from "../helpers/logs";
import { signedInStudio, SITE, type SignedInStudio } from "../helpers/studio";

/**
 * Every route action refuses a post that is not a form (issue 37, item 12): JSON, text or a torn
 * multipart body to /quote/TOKEN or /payment answered 500, with the stack printed to the log. The
 * actions are enumerated from the route table (app/routes.ts) and their modules' source, so a new
 * action is covered the day it is added. Each answers 415 (not a form) or 400 (unreadable), never
 * 5xx, and the log names the refusal by kind and code, without a stack.
 */
type TableEntry = { file: string; path?: string; children?: TableEntry[] };

function routes(entries: TableEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    return entry.children?.length ? routes(entry.children, path) : [{ path: path || "/", file: entry.file }];
  });
}

const appDir = join(import.meta.dirname, "../../app");
const source = (file: string) => fs.readFileSync(join(appDir, file), "utf8");
const withAction = routes(routeTable as TableEntry[])
  .filter(({ file }) => /export (async )?function action\b|export const action\b/.test(source(file)))
  .map((r) => ({ ...r, readsForm: /readFormPost\(/.test(source(r.file)) }));

/** A path of the route with its parameters filled: a token of the right shape, an id. */
const concrete = (path: string) =>
  path.replace(/:token\b/g, "A".repeat(43)).replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000");

const BODIES = [
  { type: "application/json", body: '{"intent":"pay","legalName":"Ada"}', status: 415 },
  { type: "text/plain", body: "intent=pay", status: 415 },
  { type: "", body: "intent=pay", status: 415 },
  // A multipart body whose boundary never comes: the form cannot be read.
  { type: "multipart/form-data; boundary=----x", body: "not multipart at all", status: 400 },
];

describe("route actions refuse a post that is not a form", () => {
  let h: SignedInStudio;
  const logs = captureLogs();
  const consoleError = vi.spyOn(console, "error");

  beforeAll(async () => {
    const logger = createLogger(loadConfig({ NODE_ENV: "test" }), { stream: logs.stream, level: "info" });
    h = await signedInStudio({ PAYMENTS_PROVIDER: "sandbox" }, { logger });
  });
  afterAll(async () => {
    consoleError.mockRestore();
    await h?.dispose();
  });

  it("finds the actions of the route table; each reads its form through readFormPost or catches the failure", () => {
    expect(withAction.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/quote/:token", "/payment", "/studio/leads/:id", "/studio/login", "/book"]),
    );
    for (const { file } of withAction)
      expect(source(file), file).not.toMatch(/request\.formData\(\)(?!\.catch)/);
  });

  it("answers each action 415 or 400, never 5xx, and logs the refusal by kind and code without a stack", async () => {
    const answers: string[] = [];
    // Signing out (whatever the body) ends the session the other studio actions need: last.
    const ordered = [...withAction].sort(
      (a, b) => Number(a.path.endsWith("/logout")) - Number(b.path.endsWith("/logout")),
    );
    for (const route of ordered) {
      const path = concrete(route.path);
      for (const target of [path, `${path}.data`])
        for (const { type, body, status } of BODIES) {
          const raw = await h.app.request(`${SITE}${target}`, {
            method: "POST",
            headers: {
              ...(type ? { "content-type": type } : {}),
              origin: SITE,
              cookie: h.browser.jar.header(),
              "x-forwarded-for": "203.0.113.77",
            },
            body,
          });
          const text = await raw.text();
          answers.push(`${target} ${type || "none"} -> ${raw.status}`);
          expect(raw.status, `${target} ${type}`).toBeLessThan(500);
          // /book and its manage page answer an unreadable post with their own page (400); /unsubscribe reads no form.
          if (route.readsForm) expect(raw.status, `${target} ${type}`).toBe(status);
          expect(text).not.toMatch(/at .*\(node:|TypeError: Content-Type/);
        }
    }
    expect(answers.length).toBe(withAction.length * 2 * BODIES.length);
    expect(consoleError).not.toHaveBeenCalled();
    const refusals = logs.lines.filter((l) => l.msg === "route refused a request");
    expect(refusals.length).toBeGreaterThan(0);
    for (const line of refusals) {
      expect(line.error).toMatchObject({ code: expect.any(Number) });
      expect(["UnsupportedContentType", "UnreadableFormData"]).toContain(
        (line.error as { name: string }).name,
      );
      expect(JSON.stringify(line)).not.toMatch(/stack|legalName/);
    }
    expect(refusals.some((l) => String(l.path).startsWith("/quote/…"))).toBe(true);
  });
});
