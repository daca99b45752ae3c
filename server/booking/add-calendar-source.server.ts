import { randomUUID } from "node:crypto";
import { z } from "zod";

import type { StudioUser } from "../auth/session-context.server";
import type { BusyTime } from "./availability.server";
import { normaliseCalendarUrl, readCalendar } from "./calendar-read.server";
import { sealCredentials, type CalendarCredentials } from "./calendar-secrets.server";
import { readWindow, type CalendarSourcesContext } from "./calendar-sources-context.server";

const label = z
  .string({ error: "Give the calendar a name." })
  .trim()
  .min(1, "Give the calendar a name.")
  .max(60, "A calendar's name is at most 60 characters.");
const address = z
  .string({ error: "Enter the calendar's address." })
  .trim()
  .max(2000, "That address is too long.")
  .transform(normaliseCalendarUrl)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "Enter the address as https://… (webcal:// works too).");

/** The two ways to connect a calendar, as the settings page posts them. */
export const calendarSourceInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ics"), label, url: address }),
  z.object({
    kind: z.literal("caldav"),
    label,
    url: address,
    username: z
      .string({ error: "Enter the user name." })
      .trim()
      .min(1, "Enter the user name.")
      .max(200, "The user name is at most 200 characters."),
    password: z
      .string({ error: "Enter the app password." })
      .min(1, "Enter the app password.")
      .max(500, "The app password is at most 500 characters."),
  }),
]);

/**
 * Connects a calendar once it has been read: a wrong address or password is refused with why,
 * and nothing is stored. Its address and password are stored only sealed.
 */
export async function addSource(
  ctx: CalendarSourcesContext,
  input: unknown,
  actor: StudioUser,
): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
  const { db, key, now, read, log } = ctx;
  const parsed = calendarSourceInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? "Check the fields." };
  const source = parsed.data;
  const credentials: CalendarCredentials =
    source.kind === "caldav"
      ? { url: source.url, username: source.username, password: source.password }
      : { url: source.url };
  const t = now();
  let busy: BusyTime[];
  try {
    busy = await readCalendar(source.kind, credentials, readWindow(t), read);
  } catch (err) {
    return {
      ok: false,
      error: `Not connected: ${err instanceof Error ? err.message : "the calendar could not be read."}`,
    };
  }
  const id = randomUUID();
  const at = new Date(t).toISOString();
  await db
    .insertInto("calendar_sources")
    .values({
      id,
      kind: source.kind,
      label: source.label,
      host: new URL(source.url).host,
      sealed: sealCredentials(key, id, credentials),
      busy: JSON.stringify(busy),
      fetched_at: at,
      last_attempt_at: at,
      failing_since: null,
      last_error: null,
      created_by: actor.email,
      created_at: at,
    })
    .execute();
  log.info({ source: id, kind: source.kind }, "calendar source connected");
  return { ok: true, id };
}
