/** The pipeline's statuses as the studio reads them (values match server/leads/service.server.ts). */
export const statusOptions = [
  { value: "new", label: "New" },
  { value: "contacted", label: "Contacted" },
  { value: "quoted", label: "Quoted" },
  { value: "won", label: "Won" },
  { value: "lost", label: "Lost" },
] as const;

/** The timeline's pseudo-status for a lead moved out of quarantine (server/leads/service.server.ts). */
export const SPAM_STATUS = "spam";

/** Why a lead is in Spam (inquiries.quarantine_reason), as the studio reads it. */
export const spamReasonLabel = {
  honeypot:
    "Taken for spam: the hidden field only bots see was filled in (some browsers' autofill does it too).",
  "too-fast":
    "Taken for spam: sent within seconds of the form appearing (autofill and a pasted message can be that fast).",
} as const;

/** The inbox's orders (server/leads/service.server.ts pages each by its own keyset). */
export const sortOptions = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "name", label: "Name (A to Z)" },
  { value: "status", label: "Status (pipeline order)" },
  { value: "budget", label: "Budget (highest first)" },
] as const;

/** The source filter's value for leads that came with no ref (a ref slug never has `_`). */
export const NO_REF = "_none";

/**
 * A payment's state as the studio reads it: money flagged for a refund says
 * so (and why) instead of a bare "paid" (server/billing/settlement.server.ts),
 * and a paid one given back in part or whole from the lead's refund form (its
 * credit notes: `refunded_cents`) says "partly refunded" or "refunded".
 */
export function paymentStateLabel(p: {
  status: string;
  refund_status: string | null;
  refund_reason: string | null;
  amount_cents?: number | string;
  refunded_cents?: number | string | null;
}) {
  if (p.refund_status === "refunded") return "refunded";
  if (p.refund_status === "requested") return "refund requested";
  if (p.refund_status === "needed")
    return `needs refund (${p.refund_reason === "duplicate" ? "duplicate" : `quote ${p.refund_reason}`})`;
  const refunded = Number(p.refunded_cents ?? 0);
  if (p.status === "paid" && refunded > 0)
    return refunded >= Number(p.amount_cents) ? "refunded" : "partly refunded";
  return p.status;
}

/** A discovery call's state as the studio reads it (who cancelled it, when it was not the studio). */
export function callStatusLabel(c: { status: string; cancelled_by: string | null; rescheduled?: boolean }) {
  if (c.status === "held") return "Held";
  if (c.status === "no-show") return "No-show";
  if (c.rescheduled) return "Rescheduled by the visitor";
  if (c.status === "cancelled")
    return c.cancelled_by?.startsWith("studio:")
      ? "Cancelled by the studio"
      : c.cancelled_by === "visitor"
        ? "Cancelled by the visitor"
        : "Cancelled";
  return "Booked";
}

/** A booking step in the lead's timeline (server/booking), for an entry without a body. */
export const bookingActivityLabel: Record<string, string> = {
  "booking-created": "Call booked",
  "booking-rescheduled": "Call rescheduled",
  "booking-cancelled": "Call cancelled",
  "booking-held": "Call held",
  "booking-no-show": "Visitor did not come",
};

/**
 * Beside a call booked with an address typed on /book: anyone can type anyone's address, so the
 * studio is told the caller may not be the lead (issue 37). A signed-in client's call has none.
 */
export const UNVERIFIED_EMAIL = "Email not verified";

/** The name typed with the booking, else (a booking from before it was kept) the lead's. */
export const callerName = (call: { visitor_name: string | null; first_name: string; last_name: string }) =>
  call.visitor_name ?? `${call.first_name} ${call.last_name}`.trim();
export const unverifiedHint =
  "The address was typed on the booking page: whoever booked has not shown it is theirs.";

/** A calendar source's state as the settings page says it (server/booking/calendar-sources.server.ts). */
export function calendarStateText(
  c: {
    state: string;
    fetchedAt: string | null;
    failingSince: string | null;
    lastError: string | null;
    busyCount: number;
  },
  now: string,
) {
  const ago = (at: string) => {
    const minutes = Math.max(0, Math.round((Date.parse(now) - Date.parse(at)) / 60_000));
    return minutes < 1 ? "just now" : minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
  };
  if (c.state === "ok")
    return `Read ${c.fetchedAt ? ago(c.fetchedAt) : "never"}: ${c.busyCount} busy ${c.busyCount === 1 ? "time" : "times"} ahead.`;
  const why = c.lastError ? ` ${c.lastError}` : "";
  if (c.state === "failing")
    return `Cannot be read since ${c.failingSince ? ago(c.failingSince) : "a moment"}.${why} Its copy of ${c.fetchedAt ? ago(c.fetchedAt) : "earlier"} is used for up to an hour.`;
  return `Cannot be read.${why} No slot is offered until it is read again: fix it or remove it.`;
}

/** The weekdays as the availability form lists them (keys of booking_settings.weekly_hours), Monday first as the studio's week reads. */
export const FORM_WEEKDAYS = [
  { key: "mon", label: "Monday" },
  { key: "tue", label: "Tuesday" },
  { key: "wed", label: "Wednesday" },
  { key: "thu", label: "Thursday" },
  { key: "fri", label: "Friday" },
  { key: "sat", label: "Saturday" },
  { key: "sun", label: "Sunday" },
] as const;
