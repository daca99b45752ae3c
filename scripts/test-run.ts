/**
 * `npm test`: every stage of the test run, side by side where the two cores allow.
 *
 * The stages are the npm scripts a developer runs one at a time (README's Tests
 * table); this only orders them. A stage starts once the stages it needs are done
 * (the tests of the built site after the build) and while the cores it takes are
 * free: the two Vitest and Playwright passes take both (two workers each), the
 * others one. Each stage's output is shown whole when it ends, not interleaved. The
 * first stage that fails stops the others (as `a && b` did) and the run exits 1.
 * At the end: each stage's wall time and the total (reports/test-run.md).
 *
 *   npm test                    every stage
 *   npm test -- lint test:unit  only those (and none of what they need: build first yourself)
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

type Stage = {
  /** The npm script. */
  script: string;
  /** Stages that must have passed first. */
  after?: string[];
  /** Cores it keeps busy (of CORES). */
  cores: number;
};

/**
 * How many cores' worth of stages run at once. Twice the machine's: the test stages wait
 * (on browsers, servers, child processes, PostgreSQL, timers) as much as they compute.
 */
const CORES = Number(process.env.TEST_RUN_CORES ?? 2 * Math.max(2, os.availableParallelism()));

/** In the order they are started when several could be: the longest of the built site's first. */
const STAGES: Stage[] = [
  { script: "build", cores: 1 },
  { script: "typecheck", cores: 1 },
  { script: "lint", cores: 1 },
  { script: "check:docs", cores: 1 },
  { script: "test:e2e", after: ["build"], cores: 2 },
  { script: "test:unit", after: ["build"], cores: 2 },
  { script: "test:pg", after: ["build"], cores: 2 },
  { script: "test:cluster", after: ["build"], cores: 2 },
];

const only = process.argv.slice(2);
const unknown = only.filter((s) => !STAGES.some((stage) => stage.script === s));
if (unknown.length > 0) {
  console.error(
    `test-run: no stage ${unknown.join(", ")} (stages: ${STAGES.map((s) => s.script).join(", ")})`,
  );
  process.exit(2);
}
const plan = only.length > 0 ? STAGES.filter((s) => only.includes(s.script)) : STAGES;

type Running = { stage: Stage; child: ChildProcess; started: number; output: Buffer[] };
const waiting = [...plan];
const running = new Set<Running>();
const done = new Map<string, { ok: boolean; seconds: number; cpu?: number }>();
const started = Date.now();
let failed = false;
/** The stage whose failure stopped the run: its end is printed again last. */
let firstFailure: Running | undefined;

/** The last `lines` lines of a stage's output. */
function tail(output: Buffer, lines: number): string {
  const all = output.toString("utf8").trimEnd().split("\n");
  return `${all.length > lines ? "…\n" : ""}${all.slice(-lines).join("\n")}\n`;
}

const seconds = (since: number) => (Date.now() - since) / 1000;

/**
 * CPU seconds of this process's children that have ended (Linux: cutime + cstime of
 * /proc/self/stat, in clock ticks of 1/100 s), or undefined elsewhere. Read when a stage's
 * process is reaped, the growth since the last reading is that stage's CPU with all it started.
 */
function childrenCpu(): number | undefined {
  try {
    const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
/**
 * CPU seconds the whole machine has been busy (Linux: /proc/stat's first line, every field but
 * idle and iowait), or undefined elsewhere. Counts what childrenCpu cannot: daemons the stages
 * started (PostgreSQL's server) and processes whose parent never waited for them.
 */
function machineBusyCpu(): number | undefined {
  try {
    const fields = fs
      .readFileSync("/proc/stat", "utf8")
      .split("\n")[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / 100;
  } catch {
    return undefined;
  }
}
const machineAtStart = machineBusyCpu();
let cpuSoFar = childrenCpu();
const cpuAtStart = cpuSoFar;
const busyCores = () => [...running].reduce((n, r) => n + r.stage.cores, 0);

function start(stage: Stage) {
  // Its own process group, so that stopping it stops what it started (servers, browsers, PostgreSQL's wrapper).
  const child = spawn("npm", ["run", "--silent", stage.script], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
  });
  const run: Running = { stage, child, started: Date.now(), output: [] };
  child.stdout!.on("data", (d: Buffer) => run.output.push(d));
  child.stderr!.on("data", (d: Buffer) => run.output.push(d));
  child.on("close", (code, signal) => finish(run, code === 0 && !signal));
  running.add(run);
  console.log(`test-run: ${stage.script} started (${seconds(started).toFixed(0)} s)`);
}

function finish(run: Running, ok: boolean) {
  running.delete(run);
  const took = seconds(run.started);
  const cpuNow = childrenCpu();
  const cpu = cpuNow !== undefined && cpuSoFar !== undefined ? cpuNow - cpuSoFar : undefined;
  cpuSoFar = cpuNow;
  done.set(run.stage.script, { ok, seconds: took, cpu });
  const stopped = failed && !ok;
  const verdict = stopped ? "stopped" : ok ? "passed" : "FAILED";
  process.stdout.write(`\n── ${run.stage.script}: ${verdict} in ${took.toFixed(0)} s ──\n`);
  // A stage stopped because another failed reports tests it never finished ("interrupted"):
  // its tail is enough, and keeps the failure that matters near the end of a CI log.
  process.stdout.write(stopped ? tail(Buffer.concat(run.output), 12) : Buffer.concat(run.output));
  if (!ok && !failed) {
    failed = true;
    firstFailure = run;
    for (const other of running) stop(other.child);
    waiting.length = 0;
  }
  schedule();
}

/**
 * Stops a stage as Ctrl-C would: SIGINT to its process group. Playwright then closes its web
 * server, which runs in a process group of its own (on SIGTERM it left the server listening on
 * the e2e port); PostgreSQL's wrapper removes its cluster. What has not ended 10 s later is killed.
 */
function stop(child: ChildProcess) {
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  signal("SIGINT");
  setTimeout(() => signal("SIGKILL"), 10_000).unref();
}

function schedule() {
  for (const stage of [...waiting]) {
    const ready = (stage.after ?? []).every((s) => done.get(s)?.ok || !plan.some((p) => p.script === s));
    if (!ready) continue;
    // A stage wider than the machine starts alone.
    if (running.size > 0 && busyCores() + stage.cores > CORES) continue;
    waiting.splice(waiting.indexOf(stage), 1);
    start(stage);
  }
  if (running.size === 0 && waiting.length === 0) report();
}

function report() {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
  // A CI log often keeps only its last lines: the failure that stopped the run goes there.
  if (firstFailure) {
    process.stdout.write(`\n── ${firstFailure.stage.script} failed; the end of its output again ──\n`);
    process.stdout.write(tail(Buffer.concat(firstFailure.output), 90));
  }
  console.log("\ntest-run: stage              wall     CPU");
  for (const stage of plan) {
    const d = done.get(stage.script);
    const cpu = d?.cpu === undefined ? "" : `${d.cpu.toFixed(0).padStart(5)} s`;
    const line = d
      ? `${d.seconds.toFixed(0).padStart(5)} s ${cpu}${d.ok ? "" : "  failed"}`
      : "    - not run";
    console.log(`test-run: ${stage.script.padEnd(16)} ${line}`);
  }
  const cpu =
    cpuSoFar !== undefined && cpuAtStart !== undefined
      ? `${(cpuSoFar - cpuAtStart).toFixed(0).padStart(5)} s`
      : "";
  console.log(`test-run: total            ${seconds(started).toFixed(0).padStart(5)} s ${cpu}`);
  const machineNow = machineBusyCpu();
  if (machineNow !== undefined && machineAtStart !== undefined) {
    const busy = machineNow - machineAtStart;
    const available = seconds(started) * os.availableParallelism();
    console.log(
      `test-run: the machine was busy ${busy.toFixed(0)} s of its ${available.toFixed(0)} s of CPU (${((100 * busy) / available).toFixed(0)} %), this run and anything else`,
    );
  }
  // What else the machine was doing: a loaded machine stretches every wall time above.
  console.log(`test-run: load average ${load()} (1, 5, 15 min) on ${os.availableParallelism()} cores`);
  process.exit(failed ? 1 : 0);
}

// Ctrl-C reaches the stages too (the terminal signals the whole foreground group); a SIGTERM
// to this process alone is passed on. Either way the stages get their time to clean up.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    for (const r of running) stop(r.child);
    const exit = () => process.exit(130);
    if (running.size === 0) exit();
    else {
      waiting.length = 0;
      failed = true;
      setTimeout(exit, 11_000).unref();
    }
  });

schedule();
