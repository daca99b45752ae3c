/**
 * `tsx scripts/backup-measure.ts [LEADS]`: how long a SQLite backup takes at a given size, and
 * what it does to writes meanwhile. Fills a temporary database with LEADS leads (two outbox
 * rows each), then times takeBackup (VACUUM INTO on a worker + integrity_check) alone and
 * while inserts run, against better-sqlite3's page-copy backup API. Figures for
 * reports/backup-restore.md; nothing is kept.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";

import { takeBackup } from "../server/db/backup.server";
import { migrateToLatest, openDatabase } from "../server/db/database.server";

const leads = Number(process.argv[2] ?? 20_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-backup-measure-"));
const file = path.join(dir, "app.db");
const database = openDatabase({ kind: "sqlite", path: file, backgroundCheckpoints: true });
await migrateToLatest(database);

const message =
  "We need a five-page site for our engine workshop, with a booking form and a gallery. ".repeat(4);
async function insertLeads(n: number) {
  const at = new Date().toISOString();
  await database.db.transaction().execute(async (trx) => {
    for (let i = 0; i < n; i++) {
      const id = randomUUID();
      await trx
        .insertInto("leads")
        .values({
          id,
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada@example.com",
          phone: "604-555-0199",
          company: "Engines",
          project_type: "pro",
          budget: "500-1000",
          timeline: "3-4weeks",
          message,
          source: "measure",
          created_at: at,
          search_text: "",
        })
        .execute();
      for (const channel of ["inquiry-email", "inquiry-ack-email"]) {
        await trx
          .insertInto("outbox")
          .values({
            id: randomUUID(),
            subject_type: "inquiry",
            subject_id: id,
            channel,
            status: "delivered",
            attempts: 1,
            next_attempt_at: at,
            last_error: null,
            locked_by: null,
            locked_until: null,
            delivered_at: at,
            created_at: at,
          })
          .execute();
      }
    }
  });
}
for (let done = 0; done < leads; done += 1_000) await insertLeads(Math.min(1_000, leads - done));
await database.walCheckpointer?.nextRound();
const bytes = fs.statSync(file).size;

/** Inserts one lead at a time until `until` resolves; returns each insert's latency in ms. */
async function writeDuring(until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const t = performance.now();
    await insertLeads(1);
    latencies.push(performance.now() - t);
    // better-sqlite3 answers within microtasks: let timers and the backup's worker messages in.
    await new Promise((r) => setImmediate(r));
  }
  return latencies.sort((a, b) => a - b);
}
const pct = (xs: number[], p: number) =>
  xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!.toFixed(2);
const policy = { retain: 100, retainDays: 0 };
const backups = path.join(dir, "backups");

const idle = await takeBackup({ source: { kind: "sqlite", path: file }, dir: backups, policy });
const baseline = await writeDuring(new Promise((r) => setTimeout(r, 1_000)));
const busyRun = takeBackup({ source: { kind: "sqlite", path: file }, dir: backups, policy });
const during = await writeDuring(busyRun);
const busy = await busyRun;

// The page-copy API on the serving thread, for comparison (what decision 0025 did not choose).
const pageCopy = new SQLite(file);
let t = performance.now();
await pageCopy.backup(path.join(dir, "page-copy.db"), { progress: () => 1_000_000 });
const pageCopyMs = performance.now() - t;
t = performance.now();
const verdict = new SQLite(path.join(dir, "page-copy.db")).pragma("integrity_check", { simple: true });
const checkMs = performance.now() - t;
pageCopy.close();

console.log(
  `| ${leads} leads | ${(bytes / 1e6).toFixed(1)} MB | ${(idle.bytes / 1e6).toFixed(1)} MB | ${idle.durationMs} ms | ${busy.durationMs} ms | ${baseline.length}: p50 ${pct(baseline, 50)} / p99 ${pct(baseline, 99)} / max ${pct(baseline, 100)} ms | ${during.length}: p50 ${pct(during, 50)} / p99 ${pct(during, 99)} / max ${pct(during, 100)} ms | ${pageCopyMs.toFixed(0)} ms + check ${checkMs.toFixed(0)} ms (${String(verdict)}) |`,
);
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
