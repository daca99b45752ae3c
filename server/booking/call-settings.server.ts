import type { StudioUser } from "../auth/session-context.server";
import {
  bookingSettingsSchema,
  DEFAULT_BOOKING_SETTINGS,
  readSettings,
  type BookingSettings,
} from "./availability.server";
import { parseSettingsForm } from "./settings-form.server";
import { calendarDateSchema, type BookingResult, type BookingStudioContext } from "./studio-context.server";

/**
 * Changes the settings row from its current value, one change at a time: two tabs adding
 * days off at once both count (PostgreSQL locks the row; SQLite runs one write transaction
 * at a time). A change that refuses (returns an error) writes nothing. The visitor's side
 * reads the row on every request: a change takes effect at once, in every process.
 */
export async function updateSettings(
  ctx: BookingStudioContext,
  change: (current: BookingSettings) => BookingSettings | string,
  actor: StudioUser,
): Promise<BookingResult> {
  const { db, settingsRow, database } = ctx;
  return db.transaction().execute(async (trx) => {
    // The row exists before it is locked (the defaults until the first save).
    await trx
      .insertInto("booking_settings")
      .values({ id: "default", ...settingsRow(DEFAULT_BOOKING_SETTINGS, actor) })
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    if (database.kind === "postgres")
      await trx.selectFrom("booking_settings").select("id").where("id", "=", "default").forUpdate().execute();
    const next = change(await readSettings(trx));
    if (typeof next === "string") return { ok: false, status: 400, error: next } as const;
    // The same schema the visitor's side reads with: nothing is stored that it would refuse.
    await trx
      .updateTable("booking_settings")
      .set(settingsRow(bookingSettingsSchema.parse(next), actor))
      .where("id", "=", "default")
      .execute();
    return { ok: true, value: null } as const;
  });
}

/** The settings form: replaces the weekly hours, notice, buffer, maximum, cut-off and video link; the days off stay. */
export async function saveAvailability(
  ctx: BookingStudioContext,
  input: Record<string, unknown>,
  actor: StudioUser,
): Promise<BookingResult> {
  const parsed = parseSettingsForm(input);
  if (!parsed.ok)
    return {
      ok: false,
      status: 400,
      error: "Please correct the highlighted fields: nothing was saved.",
      fieldErrors: parsed.fieldErrors,
    };
  return updateSettings(ctx, (current) => ({ ...current, ...parsed.value }), actor);
}

/** Adds (or removes) one Vancouver date with no calls. */
export async function setDayOff(
  ctx: BookingStudioContext,
  input: unknown,
  off: boolean,
  actor: StudioUser,
): Promise<BookingResult> {
  const parsed = calendarDateSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Choose a date." };
  const day = parsed.data;
  return updateSettings(
    ctx,
    (current) => {
      if (off && !current.daysOff.includes(day) && current.daysOff.length >= 366)
        return "At most 366 days off: remove past ones first.";
      return {
        ...current,
        daysOff: off
          ? [...new Set([...current.daysOff, day])].sort()
          : current.daysOff.filter((d) => d !== day),
      };
    },
    actor,
  );
}
