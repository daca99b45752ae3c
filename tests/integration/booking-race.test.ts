import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { databaseEnv } from "../helpers/children";
import { createEmptyDatabase, testDatabaseKind } from "../helpers/databases";
import { migrateToLatest, openDatabase } from "../../server/db/database.server";

/**
 * One booking per slot across processes (issue 31): 50 requests for one slot from three
 * server processes at once (tests/fixtures/book-slot.ts) give exactly one booking; the
 * partial unique index decides, whatever process asks.
 */
const fixture = path.resolve(import.meta.dirname, "../fixtures/book-slot.ts");
const NOW = String(Date.parse("2026-12-01T15:00:00Z"));
const SLOT = "2026-12-02T17:00:00Z";

function startBooker(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", fixture], { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
  const ready = new Promise<void>((resolve) => child.stdout.on("data", () => out.includes("ready\n") && resolve()));
  const done = new Promise<string[]>((resolve, reject) =>
    child.once("exit", () => {
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (!line) reject(new Error(`booker printed no answer: ${out}`));
      else resolve((JSON.parse(line) as { kinds: string[] }).kinds);
    }),
  );
  return { child, ready, done };
}

describe(`one booking per slot across processes on ${testDatabaseKind}`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  it("50 requests for one slot from 3 processes at once give exactly one booking", async () => {
    const empty = await createEmptyDatabase();
    const database = openDatabase(empty.options);
    await migrateToLatest(database);
    cleanups.push(async () => {
      await database.close();
      await empty.dispose();
    });
    const counts = [17, 17, 16];
    const bookers = counts.map((count, who) => startBooker({ ...databaseEnv(empty.options), NOW, SLOT, COUNT: String(count), WHO: String(who) }));
    await Promise.all(bookers.map((b) => b.ready));
    for (const b of bookers) b.child.stdin.write("go\n");
    const kinds = (await Promise.all(bookers.map((b) => b.done))).flat();
    expect(kinds).toHaveLength(50);
    expect(kinds.filter((k) => k === "booked")).toHaveLength(1);
    expect(kinds.filter((k) => k === "slot")).toHaveLength(49);
    const rows = await database.db.selectFrom("bookings").select(["starts_at", "status"]).execute();
    expect(rows).toEqual([{ starts_at: SLOT, status: "booked" }]);
    expect(await database.db.selectFrom("inquiries").select("id").execute()).toHaveLength(1);
  });
});
