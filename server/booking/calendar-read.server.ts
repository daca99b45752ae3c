import type { BusyTime } from "./availability.server";
import { busyTimes, MAX_BUSY_TIMES, mergeBusy, type Window } from "./busy-times.server";
import type { CalendarCredentials } from "./calendar-secrets.server";

/**
 * Reading one of the studio's calendars for its busy times (decision 0048): a CalDAV calendar
 * through tsdav (discovery from the address given, then a calendar-query REPORT limited to the
 * window, every object parsed and expanded by ical.js), or an ICS address fetched whole. Each
 * read has a deadline and a size cap; a failure is reduced to a reason the owner can act on,
 * never the server's answer or the credentials.
 */
export type CalendarKind = "caldav" | "ics";

export type ReadOptions = {
  /** The whole read's deadline (default 15 s). */
  timeoutMs?: number;
  /** Tests' seam; default the global fetch. */
  fetch?: typeof fetch;
};

/** Why a read failed, in words for the back office. */
export class CalendarReadError extends Error {}

/** An ICS feed larger than this is refused (a busy calendar of years is well under 1 MB). */
export const MAX_ICS_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;

/** "webcal://" (how Google and Apple hand out subscription addresses) is https. */
export const normaliseCalendarUrl = (url: string) => url.trim().replace(/^webcals?:\/\//i, "https://");

function failure(err: unknown, status: number | undefined): CalendarReadError {
  if (err instanceof CalendarReadError) return err;
  const name = err instanceof Error ? err.name : "";
  if (name === "TimeoutError" || name === "AbortError")
    return new CalendarReadError("The calendar server did not answer in time.");
  if (status === 401 || status === 403)
    return new CalendarReadError(
      `The calendar server refused the sign-in (HTTP ${status}): check the user and app password.`,
    );
  if (status === 404) return new CalendarReadError("No calendar at that address (HTTP 404).");
  if (status && status >= 400) return new CalendarReadError(`The calendar server answered HTTP ${status}.`);
  const message = err instanceof Error ? err.message : "";
  if (/not an iCalendar|invalid|unexpected|expected/i.test(message))
    return new CalendarReadError("The address did not answer with a calendar (iCalendar).");
  if (/homeUrl|principal/i.test(message))
    return new CalendarReadError("No CalDAV calendars were found at that address.");
  return new CalendarReadError("The calendar server could not be reached.");
}

/** A fetch that remembers the last error status it saw (tsdav's errors do not always carry it). */
function watchedFetch(base: typeof fetch) {
  const seen: { status?: number } = {};
  const wrapped: typeof fetch = async (input, init) => {
    const res = await base(input, init);
    if (!res.ok && res.status !== 207 && !(res.status >= 300 && res.status < 400)) seen.status = res.status;
    return res;
  };
  return { fetch: wrapped, seen };
}

async function readLimited(res: Response) {
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > MAX_ICS_BYTES) throw new CalendarReadError("The calendar is larger than 5 MB.");
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ICS_BYTES) {
      await reader.cancel();
      throw new CalendarReadError("The calendar is larger than 5 MB.");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function readIcs(url: string, window: Window, signal: AbortSignal, doFetch: typeof fetch) {
  const res = await doFetch(normaliseCalendarUrl(url), {
    signal,
    headers: { accept: "text/calendar, */*;q=0.5" },
    redirect: "follow",
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw failure(undefined, res.status);
  }
  return busyTimes(await readLimited(res), window);
}

const slashed = (url: string) => (url.endsWith("/") ? url : `${url}/`);

async function readCaldav(
  credentials: CalendarCredentials,
  window: Window,
  signal: AbortSignal,
  doFetch: typeof fetch,
) {
  const { createDAVClient } = await import("tsdav");
  const client = await createDAVClient({
    serverUrl: credentials.url,
    credentials: { username: credentials.username ?? "", password: credentials.password ?? "" },
    authMethod: "Basic",
    defaultAccountType: "caldav",
    fetchOptions: { signal },
    fetch: doFetch,
  });
  const all = (await client.fetchCalendars({ fetchOptions: { signal } })).filter(
    (c) => !c.components || c.components.includes("VEVENT"),
  );
  // The address of one calendar reads that one; the server's or the account's, all of them.
  const given = slashed(new URL(credentials.url).pathname);
  const chosen = all.filter((c) => slashed(new URL(c.url, credentials.url).pathname).startsWith(given));
  const calendars = chosen.length > 0 ? chosen : all;
  if (calendars.length === 0) throw new CalendarReadError("No CalDAV calendars were found at that address.");
  const busy: BusyTime[] = [];
  for (const calendar of calendars) {
    const objects = await client.fetchCalendarObjects({
      calendar,
      timeRange: { start: new Date(window.from).toISOString(), end: new Date(window.to).toISOString() },
      urlFilter: () => true,
      fetchOptions: { signal },
    });
    for (const o of objects)
      if (typeof o.data === "string" && o.data.includes("BEGIN:VCALENDAR"))
        busy.push(...(await busyTimes(o.data, window)));
  }
  return mergeBusy(busy, window).slice(0, MAX_BUSY_TIMES);
}

/** The busy times of one calendar within `window`; a CalendarReadError says why not. */
export async function readCalendar(
  kind: CalendarKind,
  credentials: CalendarCredentials,
  window: Window,
  options: ReadOptions = {},
): Promise<BusyTime[]> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const { fetch: doFetch, seen } = watchedFetch(options.fetch ?? fetch);
  try {
    return kind === "ics"
      ? await readIcs(credentials.url, window, signal, doFetch)
      : await readCaldav(credentials, window, signal, doFetch);
  } catch (err) {
    throw failure(err, seen.status);
  }
}
