import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A real CalDAV server for the tests, as PostgreSQL is one (scripts/with-postgres.ts): Debian's
 * Radicale (scripts/system-deps.sh installs it), started on a free loopback port with a
 * throwaway storage folder and one user (plain htpasswd), its calendar made with MKCALENDAR.
 * The owner's calendar is then changed the way a calendar app does: PUT and DELETE of events.
 */
export type Radicale = {
  /** The server's root, as the owner would type it. */
  url: string;
  /** The owner's calendar collection. */
  calendarUrl: string;
  user: string;
  password: string;
  putEvent(name: string, ics: string): Promise<void>;
  deleteEvent(name: string): Promise<void>;
  /** Stops the server (a calendar that no longer answers); `start` brings it back on the same port and storage. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its storage. */
  dispose(): Promise<void>;
};

export const RADICALE_PATH = process.env.RADICALE_PATH ?? "/usr/bin/radicale";

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

export async function startRadicale({ user = "owner", password = "app-password-1" } = {}): Promise<Radicale> {
  if (!fs.existsSync(RADICALE_PATH))
    throw new Error(
      `Radicale is not installed at ${RADICALE_PATH}: run scripts/system-deps.sh (apt-get install radicale)`,
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-radicale-"));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, "users"), `${user}:${password}\n`);
  fs.writeFileSync(
    path.join(dir, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(dir, "users")}`,
      "htpasswd_encryption = plain",
      "delay = 0",
      "[rights]",
      "type = owner_only",
      "[storage]",
      `filesystem_folder = ${path.join(dir, "collections")}`,
      "[web]",
      "type = none",
      "[logging]",
      "level = warning",
      "",
    ].join("\n"),
  );
  const url = `http://127.0.0.1:${port}/`;
  const calendarUrl = `${url}${user}/work/`;
  const auth = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
  let child: ChildProcess | undefined;

  async function start() {
    if (child && child.exitCode === null && child.signalCode === null) return;
    child = spawn(RADICALE_PATH, ["--config", path.join(dir, "config")], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
    // Up to a minute: Python starts slowly on a loaded machine.
    for (let i = 0; i < 600; i++) {
      const up = await fetch(url, { method: "OPTIONS" }).then(
        () => true,
        () => false,
      );
      if (up) return;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill("SIGKILL");
    throw new Error(`Radicale did not start: ${stderr.slice(-500)}`);
  }
  async function stop() {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once("exit", () => resolve());
      c.kill("SIGTERM");
    });
  }
  const call = async (method: string, target: string, body?: string, type?: string) => {
    const res = await fetch(target, {
      method,
      headers: { authorization: auth, ...(type ? { "content-type": type } : {}) },
      body,
    });
    if (!res.ok) throw new Error(`${method} ${target}: ${res.status} ${await res.text()}`);
  };

  await start();
  await call(
    "MKCALENDAR",
    calendarUrl,
    `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop><D:displayname>Work</D:displayname>
  <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`,
    "application/xml; charset=utf-8",
  );
  return {
    url,
    calendarUrl,
    user,
    password,
    putEvent: (name, ics) => call("PUT", `${calendarUrl}${name}.ics`, ics, "text/calendar; charset=utf-8"),
    deleteEvent: (name) => call("DELETE", `${calendarUrl}${name}.ics`),
    stop,
    start,
    async dispose() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One VEVENT as a calendar app writes it; `rrule` makes it recur; times are wall-clock in `tzid` (or UTC with a Z). */
export function eventIcs(e: {
  uid: string;
  start: string;
  end: string;
  tzid?: string;
  rrule?: string;
  summary?: string;
  transparent?: boolean;
}) {
  const at = (v: string) => (e.tzid ? `;TZID=${e.tzid}:${v}` : `:${v}`);
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Cascadia tests//EN",
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    "DTSTAMP:20261101T000000Z",
    `DTSTART${at(e.start)}`,
    `DTEND${at(e.end)}`,
    ...(e.rrule ? [`RRULE:${e.rrule}`] : []),
    `SUMMARY:${e.summary ?? "Busy"}`,
    ...(e.transparent ? ["TRANSP:TRANSPARENT"] : []),
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}
