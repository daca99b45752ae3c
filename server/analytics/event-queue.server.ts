import { oneWriter } from "../db/dialect";
import { INGEST_BATCH_MAX, type AnalyticsContext, type Pending } from "./analytics-context.server";
import { store } from "./store-events.server";

export function enqueue(ctx: AnalyticsContext, event: Omit<Pending, "resolve" | "reject">): Promise<void> {
  const { queue } = ctx;
  return new Promise((resolve, reject) => {
    queue.push({ ...event, resolve, reject });
    pump(ctx);
  });
}

/** On the next turn of the event loop, so what arrives together is written together. */
export function pump(ctx: AnalyticsContext) {
  const { pumping, inFlight, maxInFlight, queue } = ctx;
  if (pumping.scheduled) return;
  pumping.scheduled = true;
  setImmediate(() => {
    pumping.scheduled = false;
    while (inFlight.size < maxInFlight && queue.length > 0)
      writeBatch(ctx, queue.splice(0, INGEST_BATCH_MAX));
  });
}

export function writeBatch(ctx: AnalyticsContext, batch: Pending[]) {
  const { database, writes, db, inFlight, queue } = ctx;
  // SQLite: shares a commit with other writes waiting for the lock (decision 0021). PostgreSQL:
  // two statements, no transaction: each INSERT is atomic, and the look-up needs no snapshot.
  const write = oneWriter(database) ? writes.run((trx) => store(ctx, trx, batch)) : store(ctx, db, batch);
  const done = write.then(
    () => batch.forEach((e) => e.resolve()),
    (error: unknown) => batch.forEach((e) => e.reject(error)),
  );
  inFlight.add(done);
  void done.finally(() => {
    inFlight.delete(done);
    if (queue.length > 0) pump(ctx);
  });
}

/** Waits for every queued event's commit and the beacon counts' write (shutdown, tests). */
export async function flush(ctx: AnalyticsContext) {
  const { goalsUnderWay, queue, inFlight, limits } = ctx;
  await limits?.sync();
  await Promise.allSettled([...goalsUnderWay]);
  while (queue.length > 0 || inFlight.size > 0) {
    pump(ctx);
    await new Promise((r) => setImmediate(r));
    await Promise.allSettled([...inFlight]);
  }
}
