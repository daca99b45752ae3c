/**
 * `npm run studio-user -- add EMAIL | list | remove EMAIL | reset EMAIL [--keep-passkeys]`:
 * the studio's accounts, from the command line only (there is no sign-up
 * page). add and reset read the password from standard input: typed without
 * echo on a terminal (asked twice), or the first line of a pipe. reset is for
 * a person who lost access: it also turns two-factor off and removes the
 * passkeys (unless --keep-passkeys). Uses the server's environment
 * (DATABASE_URL or DATABASE_PATH) and migrates first.
 */
import type { Readable, Writable } from "node:stream";
import { pathToFileURL } from "node:url";

import { AccountError, createStudioAccounts } from "../server/auth/accounts.server";
import { createStudioAuth } from "../server/auth/auth.server";
import { ConfigError, loadConfig, type AppConfig } from "../server/config.server";
import {
  databaseOptionsFromConfig,
  migrateToLatest,
  openDatabase,
  type AppDatabase,
} from "../server/db/database.server";

const USAGE = "Usage: npm run studio-user -- add EMAIL | list | remove EMAIL | reset EMAIL [--keep-passkeys]";

type Io = {
  stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: Writable;
  stderr: Writable;
};

/** Runs one command against an open, migrated database; returns the exit code. */
export async function runStudioUser(
  args: string[],
  { config, database, io }: { config: AppConfig; database: AppDatabase; io: Io },
): Promise<number> {
  const flags = args.filter((a) => a.startsWith("--"));
  const [command, email, ...rest] = args.filter((a) => !a.startsWith("--"));
  const keepPasskeys = flags.includes("--keep-passkeys");
  const needsEmail = command === "add" || command === "remove" || command === "reset";
  const badFlags = flags.some((f) => f !== "--keep-passkeys") || (keepPasskeys && command !== "reset");
  if (
    !command ||
    !["add", "list", "remove", "reset"].includes(command) ||
    (needsEmail && !email) ||
    rest.length > 0 ||
    (command === "list" && email) ||
    badFlags
  ) {
    io.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // Sign-in alone, not createServices: loading every capability's modules trebled this command's start.
  const accounts = createStudioAccounts({ auth: await createStudioAuth({ config, database }), database });
  try {
    switch (command) {
      case "add":
        await accounts.add(email!, await readPassword(io));
        io.stdout.write(`Added ${email!.trim().toLowerCase()}. Sign in at ${config.SITE_URL}/studio/login\n`);
        break;
      case "reset": {
        const removed = await accounts.reset(email!, await readPassword(io), { keepPasskeys });
        // Counts only: what the owner needs to tell the person, no secret or credential id.
        io.stdout.write(
          [
            "Password changed.",
            `Ended ${plural(removed.sessions, "open session")}.`,
            removed.twoFactors > 0
              ? "Two-factor is off: removed its authenticator secret and backup codes."
              : "Two-factor was already off.",
            removed.passkeys === null
              ? "Kept the account's passkeys (--keep-passkeys)."
              : `Removed ${plural(removed.passkeys, "passkey")}.`,
            `Cleared ${plural(removed.lockouts, "sign-in failure counter")}.`,
          ].join("\n") + "\n",
        );
        break;
      }
      case "remove":
        await accounts.remove(email!);
        io.stdout.write("Removed; the account's open sessions have ended.\n");
        break;
      case "list": {
        const users = await accounts.list();
        if (users.length === 0)
          io.stdout.write("No studio accounts yet. Add one with: npm run studio-user -- add EMAIL\n");
        for (const u of users)
          io.stdout.write(`${u.email}\tcreated ${u.createdAt}\t${u.sessions} open session(s)\n`);
        break;
      }
    }
    return 0;
  } catch (e) {
    if (e instanceof AccountError) {
      io.stderr.write(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

async function main() {
  const config = loadConfig();
  const database = openDatabase(databaseOptionsFromConfig(config));
  try {
    await migrateToLatest(database);
    return await runStudioUser(process.argv.slice(2), { config, database, io: process });
  } finally {
    await database.close();
  }
}

/** The new password: typed twice without echo on a terminal, else the first line of the input. */
async function readPassword(io: Io): Promise<string> {
  if (io.stdin.isTTY && io.stdin.setRawMode) {
    const first = await readHidden(io, "Password: ");
    const again = await readHidden(io, "Password again: ");
    if (first !== again) throw new AccountError("The two passwords differ.");
    return first;
  }
  let text = "";
  for await (const chunk of io.stdin) {
    text += String(chunk);
    if (text.includes("\n")) break;
  }
  return text.split(/\r?\n/)[0] ?? "";
}

function readHidden(io: Io, prompt: string): Promise<string> {
  io.stderr.write(prompt);
  io.stdin.setRawMode!(true);
  io.stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString("utf8")) {
        if (char === "\r" || char === "\n") {
          done();
          io.stderr.write("\n");
          return resolve(value);
        }
        if (char === "\u0003") {
          done();
          return reject(new AccountError("Cancelled."));
        }
        value = char === "\u007f" || char === "\b" ? value.slice(0, -1) : value + char;
      }
    };
    const done = () => {
      io.stdin.off("data", onData);
      io.stdin.setRawMode!(false);
      io.stdin.pause();
    };
    io.stdin.on("data", onData);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      // A ConfigError names the bad variable; anything else is a bug worth its stack.
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    },
  );
}
