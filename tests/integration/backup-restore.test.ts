import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";

import {
  listBackups,
  readBackupStatus,
  restoreBackup,
  startBackupSchedule,
  type BackupSource,
  type BackupStatus,
} from "../../server/db/backup.server";
import {
  migrateToLatest,
  openDatabase,
  type AppDatabase,
  type DatabaseOptions,
} from "../../server/db/database.server";
import { INQUIRY_ACK_EMAIL, INQUIRY_EMAIL } from "../../server/inquiries/notifications.server";
import { createLeadTimeline } from "../../server/leads/timeline.server";
import { createLogger } from "../../server/logger.server";
import { createPayments } from "../../server/payments/payments.server";
import { QUOTE_EMAIL } from "../../server/quotes/notifications.server";
import { createQuoteService } from "../../server/quotes/service.server";
import { createEmptyDatabase, createPostgresDatabase, testDatabaseKind } from "../helpers/databases";
import { validInquiry } from "../helpers/inquiries";
import { createStudioHarness, signedInBy } from "../helpers/studio";

const ENV = { LOG_LEVEL: "silent", PAYMENTS_PROVIDER: "sandbox" };
/** The drill's backup interval: short, so a few seconds of writes span many backups. */
const INTERVAL_MS = 250;
const WRITING_MS = 3_000;

type Write = { kind: "lead" | "quote" | "payment"; id: string; leadId?: string; committedAt: number };

function asTestDatabase(database: AppDatabase) {
  return { ...database, dispose: () => database.close() };
}

/**
 * The restore drill (issue 29): leads, quotes, payments and their outbox rows are written while
 * backups run; the database is destroyed and restored from the latest backup; every row
 * committed before that backup's snapshot is back, and the studio's API serves it.
 */
describe(`backup and restore drill on ${testDatabaseKind}`, () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c().catch(() => {});
  });

  /**
   * The database under test, and how to lose it: a SQLite file (deleted with its WAL), or a
   * PostgreSQL database of its own (dropped and created empty, as on a new server).
   */
  async function setUp() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-backups-"));
    cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    let options: DatabaseOptions;
    let destroy: () => Promise<void>;
    if (testDatabaseKind === "postgres") {
      const own = await createPostgresDatabase();
      cleanup.push(own.dispose);
      options = { kind: "postgres", url: own.url, poolSize: 5 };
      destroy = own.recreate;
    } else {
      const empty = await createEmptyDatabase();
      cleanup.push(empty.dispose);
      options = empty.options;
      const file = (empty.options as { path: string }).path;
      destroy = async () => {
        for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
      };
    }
    const source: BackupSource =
      options.kind === "sqlite"
        ? { kind: "sqlite", path: options.path }
        : { kind: "postgres", url: options.url };
    const open = async () => {
      const database = openDatabase(options);
      await migrateToLatest(database);
      return database;
    };
    return { source, dir, open, destroy };
  }

  it("brings back every lead, quote, payment and outbox row committed before the restore point, and the studio serves them", async () => {
    const { source, dir, open, destroy } = await setUp();
    const database = await open();
    const h = await createStudioHarness(ENV, { database: asTestDatabase(database) });
    const quotes = createQuoteService({
      config: h.config,
      database,
      timeline: createLeadTimeline(),
      checkouts: createPayments({ config: h.config, database, logger: createLogger(h.config) }).service,
    });

    const taken: BackupStatus[] = [];
    const schedule = startBackupSchedule({
      source,
      dir,
      policy: { retain: 1_000, retainDays: 0 },
      intervalMs: INTERVAL_MS,
      onSuccess: (s) => taken.push(s),
    });
    cleanup.push(() => schedule.stop());
    await schedule.nextRun();
    // How late this process's timers ran (a loaded machine deschedules it): a backup's timer is
    // as late as any other, which the bound below allows for.
    const lateness = monitorEventLoopDelay({ resolution: 10 });
    lateness.enable();

    // Writes as the site takes them, one after another, each timed at its commit.
    const writes: Write[] = [];
    const writingFrom = Date.now();
    const until = writingFrom + WRITING_MS;
    // At least WRITING_MS of writes, and on until a backup that started after the sixth write has
    // finished: a loaded machine commits fewer writes in the same time.
    const enough = () =>
      writes.length >= 6 && taken.some((s) => Date.parse(s.startedAt) > writes[5]!.committedAt);
    while (Date.now() < until || !enough()) {
      // Each from its own address: an address gets one acknowledgement a day.
      const lead = await h.client().request("/api/inquiries", {
        method: "POST",
        body: { ...validInquiry, email: `client-${writes.length}@example.com` },
      });
      expect(lead.status).toBe(200);
      const leadId = ((await lead.json()) as { id: string }).id;
      writes.push({ kind: "lead", id: leadId, committedAt: Date.now() });
      const quote = await quotes.create(
        {
          inquiryId: leadId,
          packageType: "pro",
          amountCents: 150_000,
          depositPercent: 50,
          expiresInDays: 30,
          terms: "Half now.",
        },
        "owner@example.com",
      );
      if (!quote.ok) throw new Error(quote.error);
      expect((await quotes.send(quote.value.quote.id, "owner@example.com")).ok).toBe(true);
      writes.push({ kind: "quote", id: quote.value.quote.id, leadId, committedAt: Date.now() });
      const payment = await h
        .client()
        .request("/api/create-payment", { method: "POST", body: { amount: 450.5, packageType: "basic" } });
      expect(payment.status).toBe(200);
      const url = ((await payment.json()) as { url: string }).url;
      writes.push({ kind: "payment", id: url.split("/").at(-1)!, committedAt: Date.now() });
    }
    // The disk is lost now: only the backups finished by then count (one under way would be lost with it).
    const lostAt = Date.now();
    await schedule.stop();
    await database.close();
    await destroy();

    // The one taken before the writes, and at least one taken while they ran.
    expect(listBackups(dir).length).toBeGreaterThanOrEqual(2);
    expect(readBackupStatus(dir)?.file).toBe(taken.at(-1)!.file);
    const usable = taken.filter((s) => Date.parse(s.at) <= lostAt);
    const latest = usable.at(-1)!;
    const restored = await restoreBackup({ target: source, dir, from: latest.file });
    expect(restored.from).toBe(latest.file);
    const restorePoint = Date.parse(latest.startedAt);

    const after = await open();
    cleanup.push(() => after.close());
    const served = await createStudioHarness(ENV, { database: asTestDatabase(after), skipAccount: true });
    // The account is in the backup too: the studio signs in with it.
    const studio = served.client();
    expect(signedInBy(await studio.signIn())).toBe(true);

    const mustBeBack = writes.filter((w) => w.committedAt < restorePoint);
    expect(restorePoint).toBeGreaterThan(writes[0]!.committedAt);
    expect(mustBeBack.length).toBeGreaterThanOrEqual(6);
    const leadsCsv = await (await studio.request("/api/studio/leads.csv")).text();
    const paymentsCsv = await (await studio.request("/api/studio/payments.csv")).text();
    for (const w of mustBeBack.filter((w) => w.kind === "lead")) expect(leadsCsv, w.id).toContain(w.id);
    for (const w of mustBeBack.filter((w) => w.kind === "payment")) expect(paymentsCsv, w.id).toContain(w.id);
    for (const w of mustBeBack.filter((w) => w.kind === "quote")) {
      const lead = await studio.page<{
        lead: { status: string };
        deliveries: { channel: string }[];
        activity: { kind: string }[];
      }>(`/studio/leads/${w.leadId}`, "studio/lead");
      expect(lead.lead.status).toBe("quoted");
      // The lead's outbox rows: the client's acknowledgement and the studio's email.
      expect(lead.deliveries.map((d) => d.channel).sort()).toEqual([INQUIRY_ACK_EMAIL, INQUIRY_EMAIL].sort());
      expect(lead.activity.map((a) => a.kind)).toEqual(
        expect.arrayContaining(["quote-created", "quote-sent"]),
      );
    }
    // The quotes' own outbox rows (their emails to the client), still to be delivered after the restore.
    const quoteEmails = await after.db
      .selectFrom("outbox")
      .select("subject_id")
      .where("channel", "=", QUOTE_EMAIL)
      .execute();
    const queued = new Set(quoteEmails.map((r) => r.subject_id));
    for (const w of mustBeBack.filter((w) => w.kind === "quote")) expect(queued.has(w.id), w.id).toBe(true);

    // What the restore lacks: writes committed after its snapshot. The loss is the time from the
    // newest write the restore holds to the last one committed before the disk was lost.
    const leads = writes.filter((w) => w.kind === "lead");
    const newestBack = leads.filter((w) => leadsCsv.includes(w.id)).at(-1)!;
    const lost = leads.filter((w) => !leadsCsv.includes(w.id));
    expect(lost.every((w) => w.committedAt >= restorePoint)).toBe(true);
    const lossMs = writes.at(-1)!.committedAt - newestBack.committedAt;
    // Had the disk been lost at any write, the newest backup finished by then starts this much earlier: the worst case.
    const worstMs = Math.max(
      ...writes
        .map(
          (w) =>
            w.committedAt -
            Date.parse(usable.findLast((s) => Date.parse(s.at) <= w.committedAt)?.startedAt ?? ""),
        )
        .filter(Number.isFinite),
    );
    const slowest = Math.max(...taken.map((s) => s.durationMs));
    lateness.disable();
    const latestTimerMs = Math.round(lateness.max / 1e6);
    console.info(
      `[backup drill ${source.kind}] ${writes.length} writes in ${lostAt - writingFrom} ms, ${taken.length} backups every ${INTERVAL_MS} ms ` +
        `(slowest ${slowest} ms, ${latest.bytes} bytes): lost ${lost.length} leads = ${(lossMs / 1000).toFixed(3)} s of writes; ` +
        `worst case over the run ${(worstMs / 1000).toFixed(3)} s (timers up to ${latestTimerMs} ms late)`,
    );
    // At most one interval plus one backup's run (and a write's own time, and the lateness of the
    // timer that starts the next backup) can be lost.
    expect(lossMs).toBeLessThanOrEqual(worstMs);
    expect(worstMs).toBeLessThan(INTERVAL_MS + 2 * slowest + latestTimerMs + 1_500);
    await served.dispose();
    await h.dispose();
  });
});
