/**
 * Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server.
 * Uses TEST_DATABASE_URL when already set; otherwise starts a throwaway
 * cluster from the installed PostgreSQL binaries on a free loopback port,
 * and removes it afterwards. Exposes TEST_PG_CTL / TEST_PG_DATA so fault
 * tests can restart it.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: tsx scripts/with-postgres.ts <command> [args...]");
  process.exit(2);
}

function findBin(name: string): string | undefined {
  const root = "/usr/lib/postgresql";
  if (fs.existsSync(root)) {
    const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const p = path.join(root, v, "bin", name);
      if (fs.existsSync(p)) return p;
    }
  }
  const which = spawnSync("which", [name], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

function run(env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command!, args, { stdio: "inherit", env, shell: false });
    // Stopped (Ctrl-C, or npm test stopping the other stages after a failure): the command is told
    // the same, and once it has ended the throwaway cluster is removed as after a normal end.
    const relay = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", relay).on("SIGTERM", relay);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  if (process.env.TEST_DATABASE_URL) {
    process.exit(await run(process.env));
  }
  const initdb = findBin("initdb");
  const pgCtl = findBin("pg_ctl");
  if (!initdb || !pgCtl) {
    console.error(
      "PostgreSQL is not installed. Install it (Debian: apt-get install postgresql) or set TEST_DATABASE_URL to a server you own.",
    );
    process.exit(1);
  }
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-pg-"));
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  // initdb refuses to run as root: use the postgres system user then.
  const asPg = (bin: string, binArgs: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", bin, ...binArgs], { stdio: "pipe" })
      : execFileSync(bin, binArgs, { stdio: "pipe" });
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  fs.chmodSync(dir, 0o755);
  asPg(initdb, ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const serverOpts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
  asPg(pgCtl, ["-D", dataDir, "-o", serverOpts, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`with-postgres: PostgreSQL ready at ${url}`);
  let code = 1;
  try {
    code = await run({
      ...process.env,
      TEST_DATABASE_URL: url,
      TEST_PG_CTL: pgCtl,
      TEST_PG_DATA: dataDir,
      TEST_PG_OPTS: serverOpts,
      TEST_PG_AS_ROOT: asRoot ? "1" : "0",
    });
  } finally {
    try {
      asPg(pgCtl, ["-D", dataDir, "-m", "immediate", "stop"]);
    } catch {
      // already stopped
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  process.exit(code);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
