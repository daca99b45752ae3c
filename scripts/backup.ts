/**
 * `npm run backup [-- --dir DIR]`: one backup now of the configured database (SQLite: a verified
 * snapshot; PostgreSQL: pg_dump's custom format) into BACKUP_DIR, pruned as the server prunes.
 * `npm run restore [-- FILE | latest] [--force] [--dir DIR]`: restores a backup (the latest by
 * default). The server must be stopped; an existing database is replaced only with --force
 * (SQLite keeps the old file beside it). Uses the server's environment (decision 0025).
 */
import type { Writable } from "node:stream";
import { pathToFileURL } from "node:url";

import { loadConfigOrExit, type AppConfig } from "../server/config.server";
import { BackupError, backupSettings, restoreBackup, takeBackup } from "../server/db/backup.server";

const USAGE =
  "Usage: npm run backup [-- --dir DIR] | npm run restore [-- FILE | latest] [--force] [--dir DIR]";

type Io = { stdout: Writable; stderr: Writable };

/** Runs `backup` or `restore` with its arguments; returns the exit code. */
export async function runBackupCommand(
  command: string | undefined,
  args: string[],
  { config, io }: { config: AppConfig; io: Io },
): Promise<number> {
  const dirAt = args.indexOf("--dir");
  const dirArg = dirAt >= 0 ? args[dirAt + 1] : undefined;
  const rest = dirAt < 0 ? args : args.filter((_, i) => i !== dirAt && i !== dirAt + 1);
  const force = rest.includes("--force");
  const positional = rest.filter((a) => a !== "--force");
  const valid =
    (dirAt < 0 || (dirArg && !dirArg.startsWith("--"))) &&
    positional.every((a) => !a.startsWith("--")) &&
    ((command === "backup" && positional.length === 0 && !force) ||
      (command === "restore" && positional.length <= 1));
  if (!valid) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const settings = backupSettings(config);
  const dir = dirArg ?? settings.dir;
  if (!dir) {
    io.stderr.write("Set BACKUP_DIR (or pass --dir DIR): the directory backups go to.\n");
    return 2;
  }
  try {
    if (command === "backup") {
      const status = await takeBackup({ source: settings.source, dir, policy: settings.policy });
      io.stdout.write(
        `Backed up ${settings.source.kind} to ${dir}/${status.file} (${status.bytes} bytes, verified, ${Math.round(status.durationMs)} ms).\n`,
      );
      return 0;
    }
    const from = positional[0] === "latest" ? undefined : positional[0];
    const result = await restoreBackup({ target: settings.source, dir, from, force });
    io.stdout.write(
      `Restored ${result.from} (taken ${new Date(result.takenAt).toISOString()}).` +
        (result.keptAs ? ` The database it replaced is kept as ${result.keptAs}.` : "") +
        " Start the server.\n",
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfigOrExit();
  process.exitCode = await runBackupCommand(command, args, { config, io: process });
}
