/**
 * For write-turn.server.test.ts: a real node:cluster on one SQLite file. One worker
 * takes a turn, begins a transaction and is killed with SIGKILL while holding both;
 * two others write 200 transactions each meanwhile. Prints a JSON report.
 */
import cluster from "node:cluster";

import { migrateToLatest, openDatabase } from "./database.server";
import { askForWriteTurns, serveWriteTurns } from "./write-turn.server";

const file = process.argv[2]!;
const PER_WORKER = 200;

if (cluster.isPrimary) {
  const setup = openDatabase({ kind: "sqlite", path: file });
  await migrateToLatest(setup);
  await setup.close();
  serveWriteTurns(cluster);
  const report = { written: 0, failed: 0, killedHeld: false, afterKillMs: 0 };
  let done = 0;
  let killedAt = 0;
  const victim = cluster.fork({ ROLE: "victim" });
  victim.on("message", (m: { holding?: boolean }) => {
    if (!m.holding) return;
    // The writers ask for turns while the victim holds one, then it dies holding it.
    for (let i = 0; i < 2; i++) {
      cluster
        .fork({ ROLE: "writer", WRITER: String(i) })
        .on("message", async (r: { written?: number; failed?: number }) => {
          if (r.written === undefined) return;
          report.written += r.written;
          report.failed += r.failed!;
          if (++done < 2) return;
          report.afterKillMs = Date.now() - killedAt;
          const check = openDatabase({ kind: "sqlite", path: file });
          const victimRows = await check.db
            .selectFrom("rate_limits")
            .select("key")
            .where("key", "=", "victim")
            .execute();
          report.killedHeld = victimRows.length === 0;
          await check.close();
          console.log(JSON.stringify(report));
          process.exit(0);
        });
    }
    setTimeout(() => {
      killedAt = Date.now();
      victim.process.kill("SIGKILL");
    }, 100);
  });
} else {
  const database = openDatabase({ kind: "sqlite", path: file, writeTurns: askForWriteTurns(process) });
  if (process.env.ROLE === "victim") {
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("rate_limits")
        .values({ key: "victim", count: 1, expires_at: "2030-01-01" })
        .execute();
      process.send!({ holding: true });
      await new Promise(() => {});
    });
  } else {
    let written = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: PER_WORKER }, (_, i) =>
        database.db
          .transaction()
          .execute((trx) =>
            trx
              .insertInto("rate_limits")
              .values({ key: `w${process.env.WRITER}-${i}`, count: 1, expires_at: "2030-01-01" })
              .execute(),
          )
          .then(
            () => written++,
            () => failed++,
          ),
      ),
    );
    process.send!({ written, failed });
    await database.close();
  }
}
