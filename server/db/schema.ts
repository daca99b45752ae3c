import type { ColumnType, Generated, Selectable } from "kysely";

/**
 * Table types of the Kysely query layer, the same on SQLite and PostgreSQL.
 * Timestamps are ISO-8601 UTC text (sortable on both), money is integer cents.
 * Each capability adds its tables here and a migration in ./migrations.
 */
export interface RateLimitTable {
  /** bucket:client:window-start */
  key: string;
  count: number;
  expires_at: string;
}

export type PaymentStatus = "pending" | "paid" | "failed";

export interface PaymentTable {
  /** UUID; also sent to the provider as metadata.payment_id. */
  id: string;
  package: "basic" | "pro";
  amount_cents: number;
  /** ISO 4217, lower case as Stripe writes it ("cad"). */
  currency: string;
  status: PaymentStatus;
  provider: "stripe" | "sandbox";
  /** Checkout session id; null until the provider answered. */
  provider_session_id: string | null;
  /** Sent with the provider call so a retried request creates one session. */
  idempotency_key: string;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  failed_at: string | null;
  /** Last time the success page asked the provider about this (pending) session. */
  last_checked_at: string | null;
  /** Set when paid through a quote: the quote, its lead and which part (deposit, balance or full). */
  quote_id: string | null;
  lead_id: string | null;
  kind: PaymentKind | null;
  /** When the provider's checkout stops taking payment (a quote's open checkout is reused until then), and its URL. */
  expires_at: string | null;
  checkout_url: string | null;
  /** The provider's payment (Stripe's payment_intent): what a refund names. */
  provider_payment_ref: string | null;
  /** Of a settled quote payment, refunded or being asked of the provider (never above amount_cents; migration 0024). */
  refund_claimed_cents?: number;
  /** Of it, refunded (with a credit note where a receipt was issued): the money the studio did not keep. */
  refunded_cents?: number;
}

/** needed: a flagged payment's refund, not asked yet (migration 0028); then requested, succeeded or failed. */
export type RefundRequestStatus = "needed" | "requested" | "succeeded" | "failed";
/** A refund as the provider reports it (Stripe's requires_action counts as pending). */
export type ProviderRefundStatus = "succeeded" | "pending" | "failed" | "canceled";

/** One refund of a settled quote payment made from the lead's page (migration 0024). */
export interface RefundTable {
  /** UUID; the provider's idempotency key is derived from it, so a retry is the same refund. */
  id: string;
  payment_id: string;
  lead_id: string;
  amount_cents: number;
  reason: string;
  /** Why money that must go back arrived (a flagged late or duplicate payment; its row id is the payment's); null: the studio's own refund. */
  cause: RefundReason | null;
  status: RefundRequestStatus;
  provider_refund_id: string | null;
  /** What the provider last said (migration 0026): null before it answered; the credit note waits for succeeded. */
  provider_status: ProviderRefundStatus | null;
  /** The provider's reason when it failed or cancelled the refund. */
  failure_reason: string | null;
  credit_note_id: string | null;
  requested_by: string;
  created_at: string;
  settled_at: string | null;
}

/** A flagged payment's refund as pages show it (derived from its refund row: server/billing/flagged-refund.ts). */
export type RefundStatus = "needed" | "requested" | "refunded";
/** Why money must go back: the quote was withdrawn or had expired, or the stage was already paid. */
export type RefundReason = "withdrawn" | "expired" | "duplicate";

export type PaymentKind = "deposit" | "balance" | "full";

export type QuoteStatus =
  "draft" | "sent" | "viewed" | "accepted" | "deposit_paid" | "paid" | "expired" | "withdrawn";

export interface QuoteTable {
  id: string;
  lead_id: string;
  /** The client's link (/quote/<token>): 256 random bits, kept as is so the studio can send it again. */
  token: string;
  package: "basic" | "pro";
  /** JSON array of { label, amountCents }. */
  lines: string;
  subtotal_cents: number;
  tax_label: string | null;
  tax_basis_points: number | null;
  tax_cents: number;
  /** JSON array of TaxTotal (app/shared/taxes.ts): the quote's total per tax (migration 0017). */
  taxes: string;
  /** The client's province, which sets the taxes a line may carry. */
  tax_province: string;
  total_cents: number;
  deposit_percent: number | null;
  deposit_cents: number | null;
  terms: string;
  status: QuoteStatus;
  expires_at: string;
  sent_at: string | null;
  viewed_at: string | null;
  accepted_at: string | null;
  deposit_paid_at: string | null;
  balance_requested_at: string | null;
  paid_at: string | null;
  withdrawn_at: string | null;
  /** The back-office form's one-time key: a repeated post of one form creates one quote. */
  request_key: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** 1, then +1 for each edit: a new row that supersedes the previous one (migration 0018). */
  version: ColumnType<number, number | undefined, number>;
  supersedes_quote_id: Optional<string>;
  /** Set when the client declined it (the quote is then withdrawn). */
  declined_at: Optional<string>;
  /** The scope of work in Markdown (app/shared/scope.ts), signed with the quote; "" for none (migration 0034). */
  scope: ColumnType<string, string | undefined, string>;
  /** The agreement template's version and text copied when the quote was sent (0 = the built-in default; migration 0036). */
  contract_version?: number | null;
  contract_text?: string | null;
  /** The studio's personal note in the quote email, written when it was sent (migration 0041). */
  send_note?: string | null;
}

/** An agreement template version: each save is a new row (migration 0036). */
export interface AgreementTemplateTable {
  version: number;
  body: string;
  created_at: string;
  created_by: string;
}

/** The studio's countersignature of a signed quote (migration 0036). */
export interface CountersignatureTable {
  quote_id: string;
  agreement_id: string;
  name: string;
  role: string;
  email: string;
  signed_at: string;
}

/** A client's signature of a quote (at most one per quote); its content is what they saw, hashed. */
export interface AgreementTable {
  id: string;
  quote_id: string;
  lead_id: string;
  signer_name: string;
  signer_company: string | null;
  signer_email: string;
  signed_at: string;
  user_agent: string | null;
  /** HMAC-SHA-256 hex of the client's address; never the address. */
  address_hash: string;
  /** Canonical JSON of the quote's content as signed. */
  content: string;
  /** SHA-256 hex of signed_text. */
  content_sha256: string;
  /** The exact text fingerprinted (0030): the content alone (version 1), or the content with the signer's facts (2). */
  signed_text: Generated<string>;
  hash_version: Generated<number>;
  /** How the signer was identified: the client portal's sign-in or the quote's emailed link; null before 0042. */
  signed_via?: SignedVia | null;
}

export type SignedVia = "portal" | "email-link";

/** A quote whose agreement the lead's deletion may delete, inside its own transaction only (0030). */
export interface AgreementReleaseTable {
  quote_id: string;
}

export interface PaymentEventTable {
  /** The provider's event id (evt_...): each is handled once. */
  id: string;
  type: string;
  received_at: string;
}

export interface LeadTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  company: string | null;
  project_type: string;
  budget: string | null;
  timeline: string | null;
  message: string;
  /** "api" (JSON/fetch) or "form" (no-JavaScript post). */
  source: string;
  created_at: string;
  /** Pipeline status, set by the studio (defaults to "new"). */
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>;
  lost_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where it came from (docs/product.md#lead-sources): the form's page path, a ref slug, UTM parameters. */
  page: Optional<string>;
  ref: Optional<string>;
  utm_source: Optional<string>;
  utm_medium: Optional<string>;
  utm_campaign: Optional<string>;
  utm_term: Optional<string>;
  utm_content: Optional<string>;
  /** The privacy notice the form showed (app/content/privacy-notice.ts) and when it was sent under it. */
  privacy_notice_version: Optional<string>;
  privacy_notice_at: Optional<string>;
  /** Set when taken for spam (honeypot, too fast): the lead waits in the Spam view, unnotified (migration 0012). */
  quarantine_reason: Optional<QuarantineReason>;
  /** The searchable columns folded (server/db/search-text.ts), written with the lead; PostgreSQL's search index reads it. */
  search_text: ColumnType<string | null, string, string>;
}

export type QuarantineReason = "honeypot" | "too-fast";

/** A nullable column an insert may leave out. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type LeadStatus = "new" | "contacted" | "quoted" | "won" | "lost";

/** A quote's step in the lead timeline (migration 0009's check lists them). */
export type QuoteActivityKind =
  `quote-${"created" | "sent" | "viewed" | "accepted" | "deposit_paid" | "paid" | "expired" | "withdrawn" | "balance-requested" | "refunded" | "refund-failed"}`;

/**
 * Every kind the lead timeline holds. The database only bounds a kind's shape
 * (migration 0014), so a feature adds its kinds here.
 */
export type LeadActivityKind =
  | "status"
  | "note"
  | "retry"
  | "reply"
  | QuoteActivityKind
  | AgreementActivityKind
  | ReminderActivityKind
  | BookingActivityKind
  | PlanActivityKind;

/** A care plan's change of plan at Stripe (its customer portal), read from Stripe's event. */
export type PlanActivityKind = "plan-changed";

/** The client's answers on the quote page (signed, declined, a question) and a studio edit making a new version. */
export type AgreementActivityKind = "quote-signed" | "quote-declined" | "quote-question" | "quote-revised";

/** A follow-up reminder emailed, or dropped because it no longer applied (server/reminders). */
export type ReminderActivityKind = "reminder-sent" | "reminder-cancelled";

/** A discovery call's step in the lead timeline (the visitor books or reschedules; either side cancels; the studio marks it held). */
export type BookingActivityKind = `booking-${"created" | "rescheduled" | "cancelled" | "held" | "no-show"}`;

/** A change on a lead (status, note, notification retry, a quote's step), with who and when. */
export interface LeadActivityTable {
  id: string;
  lead_id: string;
  kind: LeadActivityKind;
  from_status: string | null;
  to_status: string | null;
  body: string | null;
  actor_email: string;
  created_at: string;
}

/** better-auth's tables (server/auth/auth.server.ts); dates are Date on PostgreSQL, ISO text on SQLite. */
export interface StudioUserTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean | number;
  image: string | null;
  two_factor_enabled: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A credential (provider "credential": the password hash) of a studio user; the OAuth columns stay empty. */
export interface StudioAccountTable {
  id: string;
  user_id: string;
  account_id: string;
  provider_id: string;
  password: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface StudioSessionTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Date | string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A WebAuthn credential of a studio user (better-auth's passkey plugin). */
export interface StudioPasskeyTable {
  id: string;
  user_id: string;
  name: string | null;
  credential_id: string;
  public_key: string;
  counter: number;
  device_type: string;
  backed_up: boolean | number;
  transports: string | null;
  aaguid: string | null;
  created_at: Date | string | null;
}

/** A studio user's TOTP secret and backup codes, both encrypted by better-auth's two-factor plugin. */
export interface StudioTwoFactorTable {
  id: string;
  user_id: string;
  secret: string;
  backup_codes: string;
  verified: boolean | number;
  failed_verification_count: number;
  locked_until: Date | string | null;
}

export type OutboxStatus = "pending" | "sending" | "delivered" | "failed";

/** A notification to deliver, e.g. channel "inquiry-email" about subject inquiry/<id>. */
export interface OutboxTable {
  id: string;
  subject_type: string;
  subject_id: string;
  channel: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  /** The worker holding the claim, until locked_until (its lease). */
  locked_by: string | null;
  locked_until: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** An acknowledgement queued to an address on a day (at most one): a digest of the address, never the address. */
export interface AcknowledgementTable {
  recipient_digest: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
}

/** A person who unsubscribed from reminders (server/reminders): a keyed digest of the address, never the address. */
/** A reply the studio saved to send a lead from its page (migration 0033); `{firstName}` becomes the lead's first name. */
export interface SavedReplyTable {
  id: string;
  title: string;
  subject: string;
  body: string;
  updated_by: string;
  updated_at: string;
}

export interface ReminderOptOutTable {
  recipient_digest: string;
  created_at: string;
}

/** Which process runs a periodic job (server/jobs/lease.server.ts), until expires_at unless renewed. */
export interface JobLeaseTable {
  job: string;
  holder: string;
  expires_at: string;
  last_run_at: string | null;
}

/** The studio's availability for calls (one row, id 'default'); hours are Vancouver wall-clock times. */
export interface BookingSettingsTable {
  id: string;
  /** JSON: { mon: [["09:00","17:00"]], ..., sun: [] }. */
  weekly_hours: string;
  /** JSON array of Vancouver dates (YYYY-MM-DD). */
  days_off: string;
  min_notice_minutes: number;
  buffer_minutes: number;
  daily_max: number;
  /** No moving or cancelling online this close to a call (default 720: 12 hours). */
  cutoff_minutes: ColumnType<number, number | undefined, number>;
  /** The call's video address (https), or null. */
  video_link: ColumnType<string | null, string | null | undefined, string | null>;
  updated_by: string;
  updated_at: string;
}

export type BookingStatus = "booked" | "held" | "no-show" | "cancelled";

/**
 * How the person who booked is known: "typed" (an address typed on /book, proven by nothing)
 * or "client" (signed in by a link emailed to the lead's address: the client portal's seam).
 */
export type BookingIdentity = "typed" | "client";

/** A 30-minute discovery call; at most one 'booked' row per starts_at (a unique partial index). */
export interface BookingTable {
  id: string;
  lead_id: string;
  starts_at: string;
  ends_at: string;
  status: BookingStatus;
  time_zone: string;
  topic: string;
  company: string | null;
  /** SHA-256 hex of the visitor's reschedule/cancel token. */
  manage_token_hash: string;
  rescheduled_from: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
  held_at: string | null;
  created_at: string;
  updated_at: string;
  /** The name typed with this booking (null before migration 0029): what its pages and emails use. */
  visitor_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address typed with this booking (null before 0037: the lead's). */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  identity: ColumnType<BookingIdentity, BookingIdentity | undefined, BookingIdentity>;
  no_show_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A booking row as read (its optional-on-insert columns filled in). */
export type BookingRow = Selectable<BookingTable>;

/** A calendar of the studio's whose busy times remove booking slots (CalDAV or an ICS address). */
export interface CalendarSourceTable {
  id: string;
  kind: "caldav" | "ics";
  label: string;
  host: string;
  /** AES-256-GCM of { url, username?, password? } (server/booking/calendar-secrets.server.ts). */
  sealed: string;
  /** JSON [[startMs, endMs], ...]: the last good copy. */
  busy: string;
  fetched_at: string | null;
  last_attempt_at: string | null;
  failing_since: string | null;
  last_error: string | null;
  created_by: string;
  created_at: string;
}

/** A private calendar feed the studio subscribes to; the URL's secret is stored as a SHA-256 hex. */
export interface CalendarFeedTable {
  id: string;
  token_hash: string;
  created_by: string;
  created_at: string;
  revoked_at: string | null;
}

/** The day's salt for visitor hashes (UTC day); deleted when the day is over. */
export interface AnalyticsSaltTable {
  day: string;
  salt: string;
  created_at: string;
}

export type AnalyticsDevice = "mobile" | "tablet" | "desktop";

/** A page view or a goal; kept 90 days, then only its roll-ups remain. */
export interface AnalyticsEventTable {
  id: Generated<number>;
  created_at: string;
  visitor: string;
  visit: string;
  name: string;
  path: string;
  entry: ColumnType<number, number | undefined, number>;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  demo_ref: string | null;
  device: AnalyticsDevice;
  lead_id: string | null;
  amount_cents: number | null;
}

/** Hourly (UTC hour) and daily (Vancouver day) counts per dimension value. */
export interface AnalyticsRollupTable {
  period: "hour" | "day";
  bucket: string;
  dimension: string;
  value: string;
  visitors: number;
  visits: number;
  pageviews: number;
  bounces: number;
  events: number;
  amount_cents: number;
}

/** How far a roll-up bucket has been counted: every event created before `through`. */
export interface AnalyticsRollupMarkTable {
  period: "hour" | "day";
  bucket: string;
  through: string;
}

export type MoneyDocumentKind = "invoice" | "receipt" | "credit_note";

/** The last number issued per kind and Vancouver year (migration 0017). */
export interface DocumentCounterTable {
  kind: MoneyDocumentKind;
  year: number;
  last: number;
}

/** A numbered invoice (an amount asked for) or receipt (a settled payment), with what it states copied in. */
export interface MoneyDocumentTable {
  id: string;
  kind: MoneyDocumentKind;
  number: string;
  quote_id: string;
  lead_id: string;
  payment_id: string | null;
  payment_kind: PaymentKind;
  amount_cents: number;
  /** JSON array of TaxTotal: this document's part of each tax. */
  taxes: string;
  /** JSON array of the quote's lines with their taxes. */
  lines: string;
  terms: string;
  buyer_name: string;
  registration_number: string | null;
  /** The BC PST number in the settings when issued (migration 0043); printed where PST is charged. */
  pst_number?: string | null;
  status: "issued" | "paid" | "void";
  issued_at: string;
  settled_at: string | null;
  /** A credit note's reason, and the numbers of the invoice and receipt it credits (migration 0024). */
  reason?: string | null;
  credited_invoice?: string | null;
  credited_receipt?: string | null;
  /** A care plan renewal's documents name it (migration 0038); quote_id then holds the subscription's id. */
  renewal_id?: string | null;
  /** The quote's scope in one line, copied when issued (migration 0034). */
  scope_summary?: string | null;
}

/** Migration 0037: the care plans the studio sells, billed by Stripe Billing. */
export interface CarePlanTable {
  id: string;
  name: string;
  price_cents: number;
  /** JSON array of what the plan includes. */
  included: string;
  change_hours: number;
  position: number;
  retired_at: string | null;
  updated_at: string;
}

export interface StripeTaxRateTable {
  code: "GST" | "PST" | "HST";
  province: string;
  basis_points: number;
  stripe_id: string;
}

export type PlanSubscriptionStatus = "pending" | "active" | "past_due" | "canceled" | "incomplete";

export interface PlanSubscriptionTable {
  id: string;
  plan_id: string;
  province: string;
  price_cents: number;
  lead_id: string | null;
  checkout_session_id: string | null;
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
  email: string | null;
  name: string | null;
  status: PlanSubscriptionStatus;
  cancel_at_period_end: number;
  current_period_end: string | null;
  /** The quote it was started from, when the studio added the plan to a quote (migration 0039). */
  quote_id?: string | null;
  /** Unix seconds of the last subscription event applied: an older one arriving late changes nothing. */
  stripe_event_at: number;
  created_at: string;
  updated_at: string;
}

export interface PlanRenewalTable {
  id: string;
  subscription_id: string;
  stripe_invoice_id: string;
  status: "paid" | "failed";
  amount_cents: number;
  period_start: string | null;
  period_end: string | null;
  created_at: string;
  updated_at: string;
}

/** Work the studio logged against a care plan's monthly hours (migration 0039). */
export interface PlanHoursTable {
  id: string;
  subscription_id: string;
  /** YYYY-MM-DD in the studio's zone. */
  worked_on: string;
  minutes: number;
  note: string;
  actor: string;
  created_at: string;
}

/** A care plan a quote adds, starting when its balance is paid, at the price the quote states (migration 0039). */
export interface QuoteCarePlanTable {
  quote_id: string;
  plan_id: string;
  plan_name: string;
  price_cents: number;
  added_by: string;
  added_at: string;
}

/** The sandbox's stand-in for what Stripe Billing keeps of a subscription (migration 0040). */
export interface SandboxPlanTable {
  subscription_id: string;
  period_start: string;
  period_end: string;
  cycle: number;
  card_declines: number;
  updated_at: string;
}

/** A package or add-on the studio sells, with its default price and taxes (migration 0035). */
export interface CatalogueItemTable {
  id: string;
  kind: "package" | "add_on";
  name: string;
  description: string;
  price_cents: number;
  /** JSON array of TaxCode, as for a client in BC. */
  taxes: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  updated_by: string;
}

/** A setting the owner changed from /studio/settings; its value as JSON (migration 0035). */
export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string;
}

/** One change of a setting or of the catalogue: who, when, before and after, as JSON (migration 0035). */
export interface SettingChangeTable {
  id: string;
  key: string;
  before: string | null;
  after: string;
  actor: string;
  changed_at: string;
}

export interface Database {
  acknowledgements: AcknowledgementTable;
  rate_limits: RateLimitTable;
  payments: PaymentTable;
  payment_events: PaymentEventTable;
  leads: LeadTable;
  outbox: OutboxTable;
  lead_activity: LeadActivityTable;
  studio_users: StudioUserTable;
  studio_sessions: StudioSessionTable;
  studio_accounts: StudioAccountTable;
  studio_passkeys: StudioPasskeyTable;
  studio_two_factors: StudioTwoFactorTable;
  quotes: QuoteTable;
  catalogue_items: CatalogueItemTable;
  settings: SettingTable;
  agreement_templates: AgreementTemplateTable;
  countersignatures: CountersignatureTable;
  settings_changes: SettingChangeTable;
  agreements: AgreementTable;
  agreement_releases: AgreementReleaseTable;
  job_leases: JobLeaseTable;
  booking_settings: BookingSettingsTable;
  bookings: BookingTable;
  calendar_sources: CalendarSourceTable;
  calendar_feeds: CalendarFeedTable;
  analytics_salts: AnalyticsSaltTable;
  analytics_events: AnalyticsEventTable;
  analytics_rollups: AnalyticsRollupTable;
  analytics_rollup_marks: AnalyticsRollupMarkTable;
  reminder_opt_outs: ReminderOptOutTable;
  saved_replies: SavedReplyTable;
  document_counters: DocumentCounterTable;
  money_documents: MoneyDocumentTable;
  care_plans: CarePlanTable;
  stripe_tax_rates: StripeTaxRateTable;
  plan_subscriptions: PlanSubscriptionTable;
  plan_renewals: PlanRenewalTable;
  plan_hours: PlanHoursTable;
  quote_care_plans: QuoteCarePlanTable;
  sandbox_plans: SandboxPlanTable;
  refunds: RefundTable;
  client_users: ClientUserTable;
  client_sessions: ClientSessionTable;
  client_verifications: ClientVerificationTable;
}

/** A client of the portal: one email proven by a sign-in link (migration 0032; better-auth's user model). */
export interface ClientUserTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean | number;
  image: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A client's session (better-auth); its cookie is the portal's own, never the studio's. */
export type ClientSessionTable = StudioSessionTable;

/** A pending sign-in link: identifier "magic-link:" + SHA-256 of its token; value JSON with the email. */
export interface ClientVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
}
