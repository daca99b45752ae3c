import { DAY_MS, instant, RECENT_DAYS, type BookingStudioContext } from "./studio-context.server";

/** Upcoming live calls (soonest first) and the last RECENT_DAYS days' calls and cancellations (latest first). */
export async function agenda(ctx: BookingStudioContext) {
  const { now, selectCalls, asCalls } = ctx;
  const t = now();
  const at = instant(t);
  const since = instant(t - RECENT_DAYS * DAY_MS);
  const [upcoming, recent] = await Promise.all([
    selectCalls()
      .where("bookings.status", "=", "booked")
      .where("bookings.ends_at", ">", at)
      .orderBy("bookings.starts_at")
      .limit(200)
      .execute(),
    selectCalls()
      .where("bookings.starts_at", ">=", since)
      .where((eb) => eb.or([eb("bookings.ends_at", "<=", at), eb("bookings.status", "!=", "booked")]))
      .orderBy("bookings.starts_at", "desc")
      .limit(200)
      .execute(),
  ]);
  return { upcoming: asCalls(upcoming), recent: asCalls(recent), now: at };
}

/** A lead's calls, latest first, for its page. */
export async function forLead(ctx: BookingStudioContext, inquiryId: string) {
  const { asCalls, selectCalls } = ctx;
  return asCalls(
    await selectCalls()
      .where("bookings.lead_id", "=", inquiryId)
      .orderBy("bookings.starts_at", "desc")
      .execute(),
  );
}
