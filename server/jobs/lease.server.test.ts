import { afterEach, describe, expect, it } from "vitest";

import { databaseEnv, startLeaseHolder, type LeaseHolder } from "../../tests/helpers/children";
import {
  createEmptyDatabase,
  openTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from "../../tests/helpers/databases";
import { migrateToLatest, openDatabase, type AppDatabase } from "../db/database.server";
import { createLeadPrivacy, startRetentionJob } from "../leads/privacy.server";
import { createJobLease, startLeasedJob } from "./lease.server";

const DAY = 24 * 60 * 60_000;
const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);

describe(`a periodic job's lease on ${testDatabaseKind}`, () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  function clock(at = T0) {
    const c = { now: at, fn: () => c.now };
    return c;
  }

  it("two holders racing for it: exactly one gets it, every round", async () => {
    database = await openTestDatabase();
    const c = clock();
    for (let round = 0; round < 20; round++) {
      const [a, b, d] = ["a", "b", "d"].map((holder) =>
        createJobLease({ database: database!, job: `race-${round}`, holder, ttlMs: 60_000, now: c.fn }),
      );
      const states = await Promise.all([a!.acquire(), b!.acquire(), d!.acquire()]);
      expect(
        states.filter((s) => s.held),
        `round ${round}`,
      ).toHaveLength(1);
    }
  });

  it("the holder keeps it by renewing; one that stops renewing loses it when it expires, not before", async () => {
    database = await openTestDatabase();
    const c = clock();
    const a = createJobLease({ database, job: "purge", holder: "a", ttlMs: 60_000, now: c.fn });
    const b = createJobLease({ database, job: "purge", holder: "b", ttlMs: 60_000, now: c.fn });
    expect((await a.acquire()).held).toBe(true);
    // a renews every 15 s for five minutes: b never gets in.
    for (let i = 0; i < 20; i++) {
      c.now += 15_000;
      expect((await a.acquire()).held).toBe(true);
      expect((await b.acquire()).held).toBe(false);
    }
    // a stops renewing: 59.999 s later it still holds; at 60 s b takes over, and a is out.
    c.now += 59_999;
    expect((await b.acquire()).held).toBe(false);
    c.now += 1;
    expect((await b.acquire()).held).toBe(true);
    expect((await a.acquire()).held).toBe(false);
    // A clean shutdown hands it on at once.
    await b.release();
    expect((await a.acquire()).held).toBe(true);
  });

  it("the job runs in one process, once a day, across a takeover", async () => {
    database = await openTestDatabase();
    const c = clock();
    const runs: string[] = [];
    const job = (holder: string) =>
      startLeasedJob(
        {
          database: database!,
          name: "daily",
          holder,
          everyMs: DAY,
          now: c.fn,
          run: async () => void runs.push(holder),
          onError: (e) => expect.fail(e.message),
        },
        { timers: false },
      );
    const a = job("a");
    const b = job("b");
    expect(await Promise.all([a.tick(), b.tick()])).toEqual(expect.arrayContaining(["ran", "standby"]));
    const first = runs[0]!;
    const [holder, other] = first === "a" ? [a, b] : [b, a];
    // Ticks every 15 s through the day: the holder renews, runs nothing more, the other waits.
    for (let t = 15_000; t < DAY; t += 15 * 60_000) {
      c.now = T0 + t;
      expect(await holder.tick()).toBe("held");
      expect(await other.tick()).toBe("standby");
    }
    c.now = T0 + DAY;
    expect(await holder.tick()).toBe("ran");
    expect(runs).toEqual([first, first]);
    // The holder dies (no more renewals): the other takes over a minute later and does not
    // run again before the day is out, since the last run is recorded with the lease.
    c.now += 60_000;
    expect(await other.tick()).toBe("held");
    c.now = T0 + 2 * DAY;
    expect(await other.tick()).toBe("ran");
    expect(runs).toEqual([first, first, first === "a" ? "b" : "a"]);
  });

  it("a run longer than the renewals is not started twice", async () => {
    database = await openTestDatabase();
    const c = clock();
    let finish!: () => void;
    let runs = 0;
    const job = startLeasedJob(
      {
        database,
        name: "slow",
        holder: "a",
        everyMs: 60_000,
        now: c.fn,
        run: () => (runs++, new Promise<void>((r) => (finish = r))),
        onError: (e) => expect.fail(e.message),
      },
      { timers: false },
    );
    const first = job.tick();
    await expect.poll(() => runs, { timeout: 30_000 }).toBe(1);
    c.now += 120_000;
    expect(await job.tick()).toBe("held");
    finish();
    expect(await first).toBe("ran");
    expect(runs).toBe(1);
  });

  it("the retention purge runs in one of two processes, whichever holds the lease", async () => {
    database = await openTestDatabase();
    const c = clock(Date.UTC(2026, 0, 15));
    await database.db
      .insertInto("leads")
      .values({
        id: "old-won",
        first_name: "A",
        last_name: "B",
        email: "a@example.com",
        phone: null,
        company: null,
        project_type: "basic",
        budget: null,
        timeline: null,
        message: "Hello there, a site please.",
        source: "api",
        created_at: "2023-01-01T00:00:00.000Z",
        status: "won",
        search_text: "",
      })
      .execute();
    const purged: number[] = [];
    const retention = (holder: string) =>
      startRetentionJob(
        createLeadPrivacy({ database: database!, now: c.fn }),
        24,
        (n) => void purged.push(n),
        (e) => expect.fail(e.message),
        { database: database!, holder, now: c.fn },
        { timers: false },
      );
    const outcomes = await Promise.all([retention("a").tick(), retention("b").tick()]);
    expect(outcomes.sort()).toEqual(["ran", "standby"]);
    expect(purged).toEqual([1]);
  });
});

describe(`a job's lease held by real processes on ${testDatabaseKind}`, () => {
  const holders: LeaseHolder[] = [];
  let dispose: (() => Promise<void>) | undefined;
  let database: AppDatabase | undefined;
  afterEach(async () => {
    await Promise.all(holders.splice(0).map((h) => h.kill()));
    await database?.close();
    await dispose?.();
    database = dispose = undefined;
  });

  it("three processes start together: exactly one runs the job; killed with SIGKILL, another takes over once its lease expires", async () => {
    const empty = await createEmptyDatabase();
    dispose = empty.dispose;
    database = openDatabase(empty.options);
    await migrateToLatest(database);
    const ttlMs = 60_000;
    const env = {
      ...databaseEnv(empty.options),
      MODE: "job",
      JOB: "retention",
      TTL_MS: String(ttlMs),
      RENEW_MS: "200",
    };
    holders.push(
      ...(await Promise.all(
        ["p1", "p2", "p3"].map((holder) => startLeaseHolder({ ...env, HOLDER: holder })),
      )),
    );
    for (const h of holders) h.go();
    const ticks = await Promise.all(holders.map((h) => h.next("tick")));
    expect(ticks.map((t) => t.tick).sort()).toEqual(["ran", "standby", "standby"]);
    const winner = holders[ticks.findIndex((t) => t.tick === "ran")]!;
    expect(await winner.next("ran")).toBeTruthy();

    // While it lives and renews, nobody else gets the lease.
    const successor = startLeasedJob(
      {
        database,
        name: "retention",
        holder: "successor",
        everyMs: 0,
        ttlMs,
        run: async () => {},
        onError: (e) => expect.fail(e.message),
      },
      { timers: false },
    );
    expect(await successor.tick()).toBe("standby");

    await winner.kill();
    expect(winner.child.signalCode).toBe("SIGKILL");
    // Its lease stands until it expires (the two survivors, asking every 200 ms, stay on
    // standby); past expiry the next to ask, here one with its clock moved, takes the job.
    expect(await successor.tick()).toBe("standby");
    const late = startLeasedJob(
      {
        database,
        name: "retention",
        holder: "successor",
        everyMs: 0,
        ttlMs,
        now: () => Date.now() + ttlMs + 1000,
        run: async () => {},
        onError: (e) => expect.fail(e.message),
      },
      { timers: false },
    );
    expect(await late.tick()).toBe("ran");
  });
});
