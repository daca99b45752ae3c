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

export interface InquiryTable {
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

export interface Database {
  rate_limits: RateLimitTable;
  inquiries: InquiryTable;
  outbox: OutboxTable;
}
