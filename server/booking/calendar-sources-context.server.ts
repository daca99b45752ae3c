import type { AppDatabase } from "../db/database.server";
import type { CalendarSourceTable } from "../db/schema";
import type { Logger } from "../logger.server";
import type { BusyTime } from "./availability.server";
import type { Window } from "./busy-times.server";
import type { ReadOptions } from "./calendar-read.server";

/**
 * The studio's own calendars, whose busy times remove booking slots (issue 40, decision 0048).
 *
 * Each source's last good copy of busy times is kept in its row, so every process serves the
 * same one. A copy is used for at most FRESH_MS: a job (one process of a cluster, by lease)
 * reads each source again before then, and a slot listing that finds a copy older (no job
 * ran) reads it itself first. A source that fails keeps its last good copy for STALE_MS and is
 * shown failing in the back office and on /metrics; after that, or before any good copy, no
 * slot is offered at all rather than one the owner may not be free for.
 */
export const FRESH_MS = 5 * 60_000;
export const STALE_MS = 60 * 60_000;
/** The job reads a source again once its copy is this old, before it stops being fresh. */
export const REFRESH_AFTER_MS = 3 * 60_000;
/** A failing source is tried again at most this often. */
export const RETRY_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** The busy times read cover the slots' 14 days and a margin either side. */
export const readWindow = (t: number): Window => ({ from: t - DAY_MS, to: t + 16 * DAY_MS });

export type CalendarSourcesDeps = {
  database: AppDatabase;
  /** secretFor(config, "calendar-credentials"). */
  key: Buffer;
  logger: Logger;
  now?: () => number;
  read?: ReadOptions;
};

export type CalendarSourceState =
  /** Its last read succeeded. */
  | "ok"
  /** The last read failed; a good copy younger than STALE_MS is used. */
  | "failing"
  /** No good copy younger than STALE_MS: no slot is offered. */
  | "blocking";

export type SourceMeta = Pick<CalendarSourceTable, "id" | "fetched_at" | "last_attempt_at" | "failing_since">;

export const age = (at: string | null, t: number) => (at ? t - Date.parse(at) : Infinity);

export function stateOf(row: Pick<CalendarSourceTable, "fetched_at" | "failing_since">, t: number) {
  if (age(row.fetched_at, t) > STALE_MS) return "blocking" as const;
  return row.failing_since ? ("failing" as const) : ("ok" as const);
}

/** Sources whose copy is `olderThan` old and that were not tried in the last RETRY_MS. */
export const due = (rows: readonly SourceMeta[], t: number, olderThan: number) =>
  rows.filter((r) => age(r.fetched_at, t) >= olderThan && age(r.last_attempt_at, t) >= RETRY_MS);

/** What the calendar verbs share: the deps, the clock, and this process's parsed copies and reads under way. */
export function calendarSourcesContext({ database, key, logger, now = Date.now, read }: CalendarSourcesDeps) {
  const { db } = database;
  return {
    db,
    key,
    now,
    read,
    log: logger.child({ component: "calendar-sources" }),
    /** This process's parsed copies, by source, with the fetched_at they were read at. */
    copies: new Map<string, { fetchedAt: string | null; busy: BusyTime[] }>(),
    /** Reads under way in this process, one per source. */
    reading: new Map<string, Promise<void>>(),
    meta: () =>
      db
        .selectFrom("calendar_sources")
        .select(["id", "fetched_at", "last_attempt_at", "failing_since"])
        .orderBy("created_at")
        .execute(),
  };
}

export type CalendarSourcesContext = ReturnType<typeof calendarSourcesContext>;
