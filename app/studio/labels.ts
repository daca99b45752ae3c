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
};

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
