/**
 * The studio's booking settings form (app/studio/call-settings.tsx), shared with the server
 * that reads it (server/booking/settings-form.server.ts): its field names and the choices
 * its pickers offer. Times are Vancouver wall-clock times on the half hour.
 */

/** A weekday's range `i`: its start and end fields. */
export const rangeField = (day: string, i: number, end: "from" | "to") => `hours.${day}.${i}.${end}`;
export const MAX_RANGES = 8;

/** "09:30" → "9:30 a.m."; "00:00" and "24:00" (a day's start and end) → "midnight". */
export function clockLabel(hhmm: string) {
  if (hhmm === "24:00") return "midnight";
  const h = Number(hhmm.slice(0, 2));
  const m = hhmm.slice(3, 5);
  if (h === 0 && m === "00") return "midnight";
  if (h === 12 && m === "00") return "noon";
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? "a.m." : "p.m."}`;
}

/** Every half hour of a day, and 24:00 to close at midnight. */
export const HALF_HOURS: readonly string[] = Array.from(
  { length: 49 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
);

/** The pickers' choices, in minutes; a stored value not among them is offered too. */
export const NOTICE_CHOICES = [0, 60, 120, 240, 480, 720, 1440, 2880, 4320, 10080] as const;
export const BUFFER_CHOICES = [0, 5, 10, 15, 30, 45, 60, 90, 120] as const;
export const CUTOFF_CHOICES = [0, 60, 120, 240, 360, 720, 1440, 2880] as const;

/** The limits the server holds the form to. */
export const SETTINGS_LIMITS = {
  noticeMinutes: 60 * 24 * 30,
  bufferMinutes: 240,
  cutoffMinutes: 60 * 24 * 14,
  dailyMax: 48,
} as const;
