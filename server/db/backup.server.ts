import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";
import pg from "pg";
import { z } from "zod";

import type { AppConfig } from "../config.server";

/**
 * Backups of either database into one directory, and restores from it (decision 0025).
 *
 * SQLite: `VACUUM INTO` a new file, on a worker thread with its own connection. It reads one
 * snapshot inside a single read transaction, so the copy is never torn, and in WAL mode a
 * reader blocks neither the app's writers nor its PASSIVE checkpoints (the WAL only stops
 * rewinding until the copy ends). The copy passes `PRAGMA integrity_check` before it gets its
 * final name. PostgreSQL: `pg_dump --format=custom` (one snapshot), checked with
 * `pg_restore --list`. Names carry the start time, the restore point.
 */
export type BackupSource =
  | { kind: "sqlite"; path: string }
  | { kind: "postgres"; url: string; /** Tests: one schema only. */ schema?: string };

/** Keep the newest `retain` backups, and the newest of each of the last `retainDays` days. */
export type BackupPolicy = { retain: number; retainDays: number };

/** What the server's environment says about backups. */
export function backupSettings(
  config: Pick<
    AppConfig,
    | "DATABASE_URL"
    | "DATABASE_PATH"
    | "BACKUP_DIR"
    | "BACKUP_INTERVAL_SECONDS"
    | "BACKUP_RETAIN"
    | "BACKUP_RETAIN_DAYS"
  >,
) {
  const source: BackupSource = config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "sqlite", path: config.DATABASE_PATH };
  return {
    source,
    dir: config.BACKUP_DIR,
    policy: { retain: config.BACKUP_RETAIN, retainDays: config.BACKUP_RETAIN_DAYS },
    intervalMs: config.BACKUP_INTERVAL_SECONDS * 1000,
  };
}

export const BACKUP_STATUS_FILE = "last-backup.json";

const statusSchema = z.object({
  kind: z.enum(["sqlite", "postgres"]),
  file: z.string(),
  /** When the snapshot was taken (the restore point) and when the verified copy was in place. */
  startedAt: z.iso.datetime(),
  at: z.iso.datetime(),
  bytes: z.number().int().nonnegative(),
  durationMs: z.number().nonnegative(),
});
export type BackupStatus = z.infer<typeof statusSchema>;

/** A refusal or failure meant for the operator: its message says what to do. */
export class BackupError extends Error {}

const NAME = /^cascadia-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.(db|dump)$/;
const EXTENSION = { sqlite: "db", postgres: "dump" } as const;

function backupName(kind: BackupSource["kind"], at: number) {
  return `cascadia-${new Date(at).toISOString().replace(/[:.]/g, "-")}.${EXTENSION[kind]}`;
}

export type BackupFile = { file: string; path: string; takenAt: number; kind: BackupSource["kind"] };

/** The finished backups in `dir`, oldest first. */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((file) => {
      const m = NAME.exec(file);
      if (!m) return [];
      const [date, time] = m[1]!.split("T") as [string, string];
      const takenAt = Date.parse(
        `${date}T${time.replace(/^(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, "$1:$2:$3.$4Z")}`,
      );
      return [
        {
          file,
          path: path.join(dir, file),
          takenAt,
          kind: m[2] === "db" ? ("sqlite" as const) : ("postgres" as const),
        },
      ];
    })
    .sort((a, b) => a.takenAt - b.takenAt);
}

/** The backups `policy` no longer keeps (the newest is always kept). */
export function backupsToPrune(backups: BackupFile[], policy: BackupPolicy, now: number): BackupFile[] {
  const newestFirst = [...backups].sort((a, b) => b.takenAt - a.takenAt);
  const keep = new Set(newestFirst.slice(0, Math.max(1, policy.retain)));
  const days = new Set<string>();
  for (const b of newestFirst) {
    const day = new Date(b.takenAt).toISOString().slice(0, 10);
    if (now - b.takenAt > policy.retainDays * 86_400_000 || days.has(day)) continue;
    days.add(day);
    keep.add(b);
  }
  return newestFirst.filter((b) => !keep.has(b));
}

/** The last verified backup recorded in `dir` (any process can read it: the server, the metrics, a timer's run). */
export function readBackupStatus(dir: string): BackupStatus | undefined {
  try {
    return statusSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, BACKUP_STATUS_FILE), "utf8")));
  } catch {
    return undefined;
  }
}

/** deploy/cascadia-backup.timer's period: PostgreSQL is dumped hourly, not by the server. */
const POSTGRES_DUMP_INTERVAL_MS = 3_600_000;

/**
 * Whether backups are behind, for the studio's home (issue 37): the last one recorded in
 * BACKUP_DIR is older than two intervals (SQLite: the server's BACKUP_INTERVAL_SECONDS;
 * PostgreSQL: the hourly timer), or there is none; the alert rule of docs/deploy.md, for the
 * owner who runs no alerting. Null when no BACKUP_DIR is configured (`BACKUP_DIR=off`).
 */
export function backupHealth(
  config: Pick<AppConfig, "BACKUP_DIR" | "BACKUP_INTERVAL_SECONDS" | "DATABASE_URL">,
  now: number,
): { dir: string; lastAt: string | null; intervalMs: number; late: boolean } | null {
  if (!config.BACKUP_DIR) return null;
  const intervalMs = config.DATABASE_URL ? POSTGRES_DUMP_INTERVAL_MS : config.BACKUP_INTERVAL_SECONDS * 1000;
  const lastAt = readBackupStatus(config.BACKUP_DIR)?.at ?? null;
  const late = lastAt === null || now - Date.parse(lastAt) > 2 * intervalMs;
  return { dir: config.BACKUP_DIR, lastAt, intervalMs, late };
}

/** When the last backup was known good: the value of `cascadia_backup_last_success_timestamp_seconds`. */
export function lastBackupAt(dir: string): Date | undefined {
  const status = readBackupStatus(dir);
  return status ? new Date(status.at) : undefined;
}

/** A partial file left by a run that was killed is removed by a later run, once surely abandoned. */
const ABANDONED_PARTIAL_MS = 6 * 3_600_000;

/** Takes one backup now: snapshot, verify, fsync, rename into place, prune, record the status. */
export async function takeBackup({
  source,
  dir,
  policy,
  now = Date.now,
}: {
  source: BackupSource;
  dir: string;
  policy: BackupPolicy;
  now?: () => number;
}): Promise<BackupStatus> {
  // The backups hold every lead: readable by the server's user only.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const started = now();
  for (const f of fs.readdirSync(dir)) {
    const p = path.join(dir, f);
    // Another run may remove it first.
    const age = f.endsWith(".partial")
      ? started - (fs.statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? started)
      : 0;
    if (age > ABANDONED_PARTIAL_MS) fs.rmSync(p, { force: true });
  }
  const file = backupName(source.kind, started);
  const final = path.join(dir, file);
  const partial = `${final}.partial`;
  try {
    if (source.kind === "sqlite") await sqliteSnapshot(source.path, partial);
    else await pgDump(source, partial);
    fs.chmodSync(partial, 0o600);
    fsyncFile(partial);
    fs.renameSync(partial, final);
    fsyncFile(dir);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  const finished = now();
  for (const old of backupsToPrune(listBackups(dir), policy, finished)) fs.rmSync(old.path, { force: true });
  const status: BackupStatus = {
    kind: source.kind,
    file,
    startedAt: new Date(started).toISOString(),
    at: new Date(finished).toISOString(),
    bytes: fs.statSync(final).size,
    durationMs: finished - started,
  };
  // Named per run: `npm run backup` may finish while the server's own run does.
  const tmp = path.join(dir, `${BACKUP_STATUS_FILE}.${process.pid}-${started}.tmp`);
  fs.writeFileSync(tmp, `${JSON.stringify(status)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, path.join(dir, BACKUP_STATUS_FILE));
  return status;
}

function fsyncFile(p: string) {
  const fd = fs.openSync(p, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

// Runs on a worker thread (CommonJS, as eval'd workers are): the copy and its check never hold the event loop.
const SNAPSHOT_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const source = new Database(workerData.source, { fileMustExist: true });
try {
  // A reader only waits for a WAL recovery in progress; this thread may sleep.
  source.pragma("busy_timeout = 5000");
  source.prepare("VACUUM INTO ?").run(workerData.target);
} finally {
  source.close();
}
const copy = new Database(workerData.target, { fileMustExist: true });
try {
  parentPort.postMessage(copy.pragma("integrity_check", { simple: true }));
} finally {
  copy.close();
}
`;

function sqliteSnapshot(source: string, target: string) {
  if (!fs.existsSync(source)) return Promise.reject(new BackupError(`No SQLite database at ${source}.`));
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(SNAPSHOT_WORKER, { eval: true, workerData: { driver, source, target } });
    let verdict: unknown;
    worker.on("message", (m) => (verdict = m));
    worker.on("error", reject);
    worker.on("exit", () =>
      verdict === "ok"
        ? resolve()
        : reject(new BackupError(`The copy failed its integrity check: ${String(verdict)}`)),
    );
  });
}

/** libpq options for the PostgreSQL tools, the password in the environment rather than on the command line (ps). */
function pgConnection(url: string) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", (e) =>
      reject(
        new BackupError(`${command} could not run (${e.message}): install the PostgreSQL client tools.`),
      ),
    );
    child.on("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new BackupError(`${command} failed (exit ${code}): ${err.trim().slice(0, 2000)}`)),
    );
  });
}

async function pgDump(source: Extract<BackupSource, { kind: "postgres" }>, target: string) {
  const { dbname, env } = pgConnection(source.url);
  const schema = source.schema ? ["--schema", source.schema] : [];
  await run(
    "pg_dump",
    ["--format=custom", "--no-owner", "--no-privileges", ...schema, "--file", target, "--dbname", dbname],
    env,
  );
  // The archive reads back to its end and holds the leads.
  const contents = await run("pg_restore", ["--list", target], env);
  // `inquiries` before migration 0027 named the table.
  if (!/ TABLE DATA \S+ (leads|inquiries) /.test(contents))
    throw new BackupError("The dump has no leads table: is DATABASE_URL the site's database?");
}

export type RestoreResult = {
  from: string;
  takenAt: number;
  /** Where the database that was replaced now is (SQLite). */ keptAs?: string;
};

/**
 * Restores `from` (a file in `dir` or a path; the latest when unset) over the database.
 * SQLite: refuses while any process has the file open (the server must be stopped), and
 * replaces an existing database only with `force`, keeping it beside as `*.before-restore-*`.
 * PostgreSQL: one transaction of `pg_restore --clean`; with `force` only over a database
 * that holds leads or has other sessions connected.
 */
export async function restoreBackup({
  target,
  dir,
  from,
  force = false,
  now = Date.now,
}: {
  target: BackupSource;
  dir: string;
  from?: string;
  force?: boolean;
  now?: () => number;
}): Promise<RestoreResult> {
  const backups = listBackups(dir).filter((b) => b.kind === target.kind);
  const chosen = from
    ? backups.find((b) => b.file === from || path.resolve(b.path) === path.resolve(from))
    : backups.at(-1);
  if (!chosen)
    throw new BackupError(
      from ? `No ${target.kind} backup named ${from} in ${dir}.` : `No ${target.kind} backup in ${dir}.`,
    );
  if (target.kind === "sqlite")
    return {
      from: chosen.file,
      takenAt: chosen.takenAt,
      keptAs: restoreSqlite(target.path, chosen.path, force, now()),
    };
  await restorePostgres(target, chosen.path, force);
  return { from: chosen.file, takenAt: chosen.takenAt };
}

function restoreSqlite(dbPath: string, backup: string, force: boolean, now: number) {
  let verdict: unknown;
  try {
    const check = new SQLite(backup, { readonly: true, fileMustExist: true });
    try {
      verdict = check.pragma("integrity_check", { simple: true });
    } finally {
      check.close();
    }
  } catch (error) {
    verdict = (error as Error).message;
  }
  if (verdict !== "ok")
    throw new BackupError(
      `${path.basename(backup)} failed its integrity check (${String(verdict)}): choose another backup.`,
    );
  let keptAs: string | undefined;
  if (fs.existsSync(dbPath)) {
    if (!force)
      throw new BackupError(
        `${dbPath} exists. Stop the server, then run the restore again with --force to replace it (it is kept beside, not deleted).`,
      );
    // Leaving WAL mode needs every other connection closed: SQLite's own answer to "is the server running?".
    const live = new SQLite(dbPath, { fileMustExist: true });
    try {
      live.pragma("journal_mode = DELETE");
    } catch (error) {
      throw new BackupError(
        `${dbPath} is open in another process (${(error as { code?: string }).code ?? "busy"}): stop the server first, then restore.`,
      );
    } finally {
      live.close();
    }
    keptAs = `${dbPath}.before-restore-${new Date(now).toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(dbPath, keptAs);
  }
  // A WAL left from another database would be replayed onto the restored file.
  for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(`${dbPath}${suffix}`, { force: true });
  fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
  const restoring = `${dbPath}.restoring`;
  fs.copyFileSync(backup, restoring);
  fsyncFile(restoring);
  fs.renameSync(restoring, dbPath);
  fsyncFile(path.dirname(path.resolve(dbPath)));
  return keptAs;
}

async function restorePostgres(
  target: Extract<BackupSource, { kind: "postgres" }>,
  backup: string,
  force: boolean,
) {
  const { dbname, env } = pgConnection(target.url);
  if (!force) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ sessions: string; leads: string | null }>(
        `select (select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend') as sessions,
                coalesce(to_regclass($1), to_regclass($2)) as leads`,
        // `inquiries` before migration 0027 named the table.
        [`${target.schema ?? "public"}.leads`, `${target.schema ?? "public"}.inquiries`],
      );
      const sessions = Number(rows[0]!.sessions);
      if (sessions > 0)
        throw new BackupError(
          `${sessions} other sessions are connected to the database: stop every server instance first (or pass --force).`,
        );
      if (rows[0]!.leads)
        throw new BackupError(
          "The database already holds the site's tables: restore with --force to replace them (or restore into a new, empty database and point DATABASE_URL at it).",
        );
    } finally {
      await client.end();
    }
  }
  await run(
    "pg_restore",
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--exit-on-error",
      "--dbname",
      dbname,
      backup,
    ],
    env,
  );
}

export type BackupSchedule = {
  /** No backup starts after this; one under way is awaited at most `waitMs` (past it, the process may exit and leave a partial file). */
  stop(options?: { waitMs?: number }): Promise<void>;
  /** Resolves after the next backup attempt (tests). */
  nextRun(): Promise<void>;
};

/**
 * Takes a backup every `intervalMs` (counted from the end of the last one) in the one process
 * that owns them (the cluster primary, or the single process). After a restart the first
 * comes when the last recorded one is `intervalMs` old.
 */
export function startBackupSchedule(options: {
  source: BackupSource;
  dir: string;
  policy: BackupPolicy;
  intervalMs: number;
  now?: () => number;
  onSuccess?: (status: BackupStatus) => void;
  onError?: (error: Error) => void;
}): BackupSchedule {
  const now = options.now ?? Date.now;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const waiters: (() => void)[] = [];
  const schedule = (delay: number) => {
    timer = setTimeout(tick, Math.max(0, delay));
    timer.unref();
  };
  const tick = () => {
    running = takeBackup({ source: options.source, dir: options.dir, policy: options.policy, now })
      .then(options.onSuccess, (error: Error) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        for (const w of waiters.splice(0)) w();
        if (!stopped) schedule(options.intervalMs);
      });
  };
  const last = lastBackupAt(options.dir)?.getTime();
  schedule(last === undefined ? 0 : Math.min(options.intervalMs, last + options.intervalMs - now()));
  return {
    async stop({ waitMs = Infinity } = {}) {
      stopped = true;
      clearTimeout(timer);
      // (Node fires a timer longer than 2^31 - 1 ms at once: Infinity is no timer at all.)
      const limit = Number.isFinite(waitMs)
        ? [new Promise((resolve) => setTimeout(resolve, waitMs).unref())]
        : [];
      if (running) await Promise.race([running, ...limit]);
      for (const w of waiters.splice(0)) w();
    },
    nextRun: () => new Promise<void>((resolve) => (stopped ? resolve() : waiters.push(resolve))),
  };
}
