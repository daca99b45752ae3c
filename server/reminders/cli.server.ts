import { parseArgs } from "node:util";

import { z } from "~/lib/zod";

import type { AppDatabase } from "../db/database.server";
import { queueDueReminders, type AnyReminder } from "./reminders.server";

export const REMINDER_CLI_USAGE = `Usage:
  npm run reminders -- run               (queues the reminders due now; the server's outbox sends them)
  npm run reminders -- run --at ISO-TIME (outside production only: as if the clock read ISO-TIME, for tests)`;

type Output = { out: (line: string) => void; err: (line: string) => void };

const atSchema = z.iso
  .datetime({ offset: true, error: "--at takes an ISO time such as 2026-12-09T19:00:00Z." })
  .transform((v) => Date.parse(v));

/**
 * `npm run reminders -- run`: one scan now, as the server's job runs it every few minutes
 * (queuing is once per reminder, so running it beside the servers is safe). `--at` moves
 * the scan's clock, for an end-to-end test; refused in production, where it would send
 * reminders early. Prints counts per reminder, never who they are for.
 */
export async function runReminderCommand(
  argv: string[],
  deps: { database: AppDatabase; reminders: readonly AnyReminder[]; production: boolean; now?: () => number },
  io: Output,
): Promise<number> {
  const [command, ...rest] = argv;
  let at: string | undefined;
  try {
    at = parseArgs({ args: rest, strict: true, options: { at: { type: "string" } } }).values.at;
  } catch (e) {
    io.err(`${(e as Error).message}\n${REMINDER_CLI_USAGE}`);
    return 2;
  }
  if (command !== "run") {
    io.err(REMINDER_CLI_USAGE);
    return 2;
  }
  const now = (deps.now ?? Date.now)();
  let scanAt = now;
  if (at !== undefined) {
    if (deps.production) {
      io.err("--at is refused in production: it would send reminders before they are due.");
      return 2;
    }
    const parsed = atSchema.safeParse(at);
    if (!parsed.success) {
      io.err(parsed.error.issues[0]!.message);
      return 2;
    }
    scanAt = parsed.data;
  }
  // Looked at as of scanAt, queued for now: the running server's outbox sends them at once.
  const queued = await queueDueReminders({
    database: deps.database,
    reminders: deps.reminders,
    now: scanAt,
    queuedAt: now,
  });
  for (const [channel, count] of Object.entries(queued)) io.out(`${channel}: ${count} queued`);
  return 0;
}
