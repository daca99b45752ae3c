import { formatCad } from "~/lib/money";

import type { backupHealth } from "../db/backup.server";
import type { AppDatabase } from "../db/database.server";

type BackupHealth = ReturnType<typeof backupHealth>;

/** One thing to do, on the lead it is about. `urgent`: past its promise or close to a deadline. */
export type AttentionItem = { key: string; leadId: string; name: string; detail: string; urgent: boolean };

export const HOUR = 60 * 60_000;
export const DAY = 24 * HOUR;
/** At most this many per list: the home is a to-do list, the inbox and the payments page hold the rest. */
export const LIST_LIMIT = 50;
export const cad = (cents: number) => formatCad(cents, { withCode: true });

export type AttentionDeps = {
  database: AppDatabase;
  now?: () => number;
  /** Whether backups are behind (server/db/backup.server.ts, backupHealth): said at the top when they are. */
  backups?: () => BackupHealth;
};

export function attentionContext({ database, now = Date.now, backups = () => null }: AttentionDeps) {
  const { db } = database;
  const name = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`;
  return { database, now, backups, db, name };
}

export type AttentionContext = ReturnType<typeof attentionContext>;
