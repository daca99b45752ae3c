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
      .prepare("select id, first_name, last_name, email, phone, company, project_type, budget, timeline, message, source, quarantine_reason from inquiries where email = ?")
      .all(email) as Record<string, string | null>[];
  } finally {
    db.close();
  }
}
