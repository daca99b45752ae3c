import { afterEach, describe, expect, it } from "vitest";

import { databaseEnv, startLeaseHolder, type LeaseHolder } from "../../tests/helpers/children";
import { createEmptyDatabase, testDatabaseKind } from "../../tests/helpers/databases";
import { migrateToLatest, openDatabase, type AppDatabase } from "../db/database.server";
import { createLogger } from "../logger.server";
import { createOutboxWorker, enqueue } from "./outbox.server";

/**
 * docs/deploy.md: notifications held by a process that dies are delivered again
 * once its lease expires. Here the holder is a real process killed with SIGKILL
 * in the middle of its deliveries (tests/fixtures/lease-holder.ts, MODE=outbox).
 */
describe(`outbox rows held by a killed process on ${testDatabaseKind}`, () => {
  let holder: LeaseHolder | undefined;
  let database: AppDatabase | undefined;
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await holder?.kill();
    await database?.close();
    await dispose?.();
    holder = database = dispose = undefined;
  });

  it("are delivered, each once, by another process when the lease expires, and not before", async () => {
    const empty = await createEmptyDatabase();
    dispose = empty.dispose;
    database = openDatabase(empty.options);
    await migrateToLatest(database);
    const t0 = Date.now();
    await enqueue(
      database.db,
      ["a", "b", "c"].map((id) => ({ subjectType: "test", subjectId: id, channel: "test-email" })),
      t0,
    );

    holder = await startLeaseHolder({
      ...databaseEnv(empty.options),
      MODE: "outbox",
      HOLDER: "doomed-worker",
    });
    holder.go();
    for (let i = 0; i < 3; i++) await holder.next("delivering");
    await holder.kill();
    const held = await database.db
      .selectFrom("outbox")
      .select(["status", "locked_by", "locked_until"])
      .execute();
    expect(held.map((r) => [r.status, r.locked_by])).toEqual(Array(3).fill(["sending", "doomed-worker"]));

    const delivered: string[] = [];
    let clock = Date.now();
    const survivor = createOutboxWorker({
      database,
      logger: createLogger({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      now: () => clock,
      handlers: {
        "test-email": { enabled: true, deliver: async (row) => void delivered.push(row.subject_id) },
      },
    });
    // The lease (the outbox's leaseMs from the claim) still stands: nothing is taken.
    clock = Date.parse(held[0]!.locked_until!) - 1;
    expect(await survivor.runOnce()).toMatchObject({ claimed: 0 });
    // Past the last lease: the holder's claims came after t0 by however long its process took to start.
    clock = Math.max(...held.map((r) => Date.parse(r.locked_until!))) + 1;
    expect(await survivor.runOnce()).toMatchObject({ claimed: 3, delivered: 3 });
    expect(await survivor.runOnce()).toMatchObject({ claimed: 0 });
    expect(delivered.sort()).toEqual(["a", "b", "c"]);
    const rows = await database.db.selectFrom("outbox").select(["status", "attempts"]).execute();
    expect(rows).toEqual(Array(3).fill({ status: "delivered", attempts: 2 }));
  });
});
