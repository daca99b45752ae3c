import { z } from "zod";

import { HALF_HOURS, MAX_RANGES, rangeField, SETTINGS_LIMITS } from "~/shared/booking-settings-form";
import { FORM_WEEKDAYS } from "~/studio/labels";

import { videoLinkSchema, WEEKDAYS, type BookingSettings, type Weekday } from "./availability.server";

/**
 * The booking settings form as posted (app/studio/call-settings.tsx): each weekday's ranges
 * from two half-hour pickers, the notice, buffer and cut-off from their pickers (minutes), the
 * daily maximum and the video-call address. Every problem is named beside its field; nothing
 * is stored unless all are right.
 */
export type SettingsForm = Omit<BookingSettings, "daysOff">;
export type SettingsFormResult =
  { ok: true; value: SettingsForm } | { ok: false; fieldErrors: Record<string, string> };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const text = (form: Record<string, unknown>, name: string) => {
  const v = form[name];
  return typeof v === "string" ? v.trim() : "";
};

function dayRanges(form: Record<string, unknown>, day: Weekday, label: string) {
  const ranges: [string, string][] = [];
  for (let i = 0; i < MAX_RANGES; i++) {
    const from = text(form, rangeField(day, i, "from"));
    const to = text(form, rangeField(day, i, "to"));
    if (!from && !to) continue;
    if (!from || !to) return `${label}: choose when the hours start and end.`;
    if (!HALF_HOURS.includes(from) || !HALF_HOURS.includes(to))
      return `${label}: choose times from the list (on the hour or the half hour).`;
    if (minutesOf(from) >= minutesOf(to)) return `${label}: the hours must end after they start.`;
    ranges.push([from, to]);
  }
  ranges.sort((a, b) => a[0].localeCompare(b[0]));
  if (ranges.some((r, i) => i > 0 && minutesOf(r[0]) < minutesOf(ranges[i - 1]![1])))
    return `${label}: the hours overlap.`;
  return ranges;
}

const minutes = (what: string, max: number) =>
  z
    .string({ error: `Choose the ${what}.` })
    .trim()
    .regex(/^\d{1,5}$/, `Choose the ${what}.`)
    .transform(Number)
    .pipe(z.number().max(max, `The ${what} is at most ${max} minutes.`));

const fieldSchemas = {
  "min-notice": ["minNoticeMinutes", minutes("minimum notice", SETTINGS_LIMITS.noticeMinutes)],
  buffer: ["bufferMinutes", minutes("buffer", SETTINGS_LIMITS.bufferMinutes)],
  cutoff: ["cutoffMinutes", minutes("cut-off", SETTINGS_LIMITS.cutoffMinutes)],
  "daily-max": [
    "dailyMax",
    z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, "The most calls a day is a whole number.")
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, `The most calls a day is from 1 to ${SETTINGS_LIMITS.dailyMax}.`)
          .max(SETTINGS_LIMITS.dailyMax, `The most calls a day is from 1 to ${SETTINGS_LIMITS.dailyMax}.`),
      ),
  ],
  "video-link": [
    "videoLink",
    z
      .string()
      .trim()
      .transform((v) => (v === "" ? null : v))
      .refine(
        (v) => v === null || videoLinkSchema.safeParse(v).success,
        "Enter the video call's address as https://… (or leave it empty).",
      ),
  ],
} as const;

export function parseSettingsForm(form: Record<string, unknown>): SettingsFormResult {
  const fieldErrors: Record<string, string> = {};
  const weeklyHours = {} as BookingSettings["weeklyHours"];
  for (const d of FORM_WEEKDAYS) {
    const ranges = dayRanges(form, d.key, d.label);
    if (typeof ranges === "string") fieldErrors[`hours-${d.key}`] = ranges;
    else weeklyHours[d.key] = ranges;
  }
  const values: Record<string, unknown> = {};
  for (const [id, [key, schema]] of Object.entries(fieldSchemas)) {
    const parsed = (schema as z.ZodType).safeParse(typeof form[id] === "string" ? form[id] : "");
    if (parsed.success) values[key] = parsed.data;
    else fieldErrors[id] = parsed.error.issues[0]?.message ?? "Check this field.";
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  for (const d of WEEKDAYS) weeklyHours[d] ??= [];
  return { ok: true, value: { weeklyHours, ...(values as Omit<SettingsForm, "weeklyHours">) } };
}
