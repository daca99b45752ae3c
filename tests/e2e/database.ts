import Database from "better-sqlite3";

/**
 * The inquiries stored under an email address, read from the e2e server's SQLite file
 * (playwright.config.ts), read-only: a success screen alone does not show that a lead
 * reached the inbox, since a submission quarantined as spam shows it too.
 */
export function storedInquiries(email: string) {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "select id, first_name, last_name, email, phone, company, project_type, budget, timeline, message, source, quarantine_reason from leads where email = ?",
      )
      .all(email) as Record<string, string | null>[];
  } finally {
    db.close();
  }
}

/** The outbox channels queued about a studio account (its security emails), oldest first. */
export function securityNotices(email: string) {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "select o.channel from outbox o join studio_users u on u.id = o.subject_id where o.subject_type = 'studio-user' and u.email = ? order by o.created_at, o.rowid",
      )
      .all(email) as { channel: string }[];
    return rows.map((r) => r.channel);
  } finally {
    db.close();
  }
}

/** Rows of a server's SQLite file, read-only: what the server stored, beyond what a page shows. */
export function readRowsIn<T>(databasePath: string, query: string, ...params: unknown[]): T[] {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Rows of the e2e server's SQLite file (playwright.config.ts). */
const readRows = <T>(query: string, ...params: unknown[]) =>
  readRowsIn<T>(process.env.E2E_DATABASE_PATH!, query, ...params);

/** The quotes of a lead, oldest first. */
export const storedQuotes = (leadId: string) =>
  readRows<{ id: string; status: string }>(
    "select id, status from quotes where lead_id = ? order by created_at",
    leadId,
  );

/** The payments (checkouts) of a quote, oldest first. */
export const storedQuotePayments = (quoteId: string) =>
  readRows<{ id: string; kind: string; status: string; provider_session_id: string | null }>(
    "select id, kind, status, provider_session_id from payments where quote_id = ? order by created_at",
    quoteId,
  );

/** Where the leads sent under an email address came from, as the server stored them, oldest first. */
export const storedSources = (email: string) =>
  readRows<
    Record<
      | "source"
      | "page"
      | "ref"
      | "utm_source"
      | "utm_medium"
      | "utm_campaign"
      | "utm_term"
      | "utm_content"
      | "quarantine_reason",
      string | null
    >
  >(
    "select source, page, ref, utm_source, utm_medium, utm_campaign, utm_term, utm_content, quarantine_reason from leads where email = ? order by created_at, rowid",
    email,
  );
