import { packageTypes, paymentPackage, type PackageType } from "~/content/payment";

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

/** The same reason in a few words, for the timeline's "moved to the inbox" line. */
export const spamReasonShort: Record<string, string> = {
  honeypot: "the hidden field only bots see was filled in",
  "too-fast": "sent within seconds of the form appearing",
};

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

/** Who took a payment, as the studio reads it (payments.provider); "sandbox" is the test mode that moves no money. */
export const paymentProviderLabel: Record<string, string> = {
  stripe: "Stripe",
  sandbox: "Test mode (no money moved)",
};

/** A notification's delivery state (outbox.status) as the studio reads it. */
export const deliveryStatusLabel: Record<string, string> = {
  pending: "Waiting to send",
  sending: "Sending",
  delivered: "Sent",
  failed: "Failed",
};

/** Each notification channel (the outbox's channel names, server/**) as the studio reads it (issue 37: no codes in tables). */
const DELIVERY_CHANNEL_LABELS: Record<string, string> = {
  "inquiry-email": "New inquiry, to the studio",
  "inquiry-ack-email": "Inquiry received, to the client",
  "inquiry-form-service": "Inquiry copy, to the form service",
  "payment-email": "Payment received, to the studio",
  "quote-email": "Quote, to the client",
  "quote-balance-email": "Balance request, to the client",
  "receipt-email": "Receipt, to the client",
  "refund-notice-email": "Refund notice, to the client",
  "credit-note-email": "Credit note, to the client",
  "agreement-client-email": "Signed agreement, to the client",
  "agreement-studio-email": "Signed agreement, to the studio",
  "quote-declined-email": "Quote declined, to the studio",
  "quote-question-email": "Question about a quote, to the studio",
  "booking-confirmation-email": "Call booked, to the client",
  "booking-studio-email": "Call booked, to the studio",
  "booking-cancelled-email": "Call cancelled, to the client",
  "booking-cancelled-studio-email": "Call cancelled, to the studio",
  "booking-studio-cancel-email": "Call cancelled by the studio, to the client",
  "booking-reminder-24h-email": "Call reminder a day before, to the client",
  "booking-reminder-1h-email": "Call reminder an hour before, to the client",
  "undeliverable-alert": "Email that could not be delivered, to the studio",
  "reminder-quote-expiring": "Quote expiring soon, to the client",
  "reminder-balance-7": "Balance due reminder (7 days), to the client",
  "reminder-balance-14": "Balance due reminder (14 days), to the client",
  "reminder-new-lead": "Reply due, to the studio",
};

export function deliveryChannelLabel(channel: string): string {
  if (channel.startsWith("studio-security:")) return "Account security notice, to the account's owner";
  return DELIVERY_CHANNEL_LABELS[channel] ?? "Notification";
}

/** A package as the studio sells it ("Pro Website"), not its code. */
export function packageName(id: string): string {
  return (packageTypes as readonly string[]).includes(id) ? paymentPackage(id as PackageType).name : id;
}
