/**
 * `npm run inquiries [-- --limit N]`: the most recent inquiries with the
 * delivery state of each notification channel, from the database the server
 * uses (the same environment: DATABASE_URL or DATABASE_PATH).
 */
import { budgetOptions, optionLabel, projectTypeOptions, timelineOptions } from "~/schemas/inquiry";

import { loadConfigOrExit } from "../server/config.server";
import { databaseOptionsFromConfig, migrateToLatest, openDatabase } from "../server/db/database.server";
import { INQUIRY_SUBJECT } from "../server/inquiries/notifications.server";

async function main() {
  const limitArg = process.argv.indexOf("--limit");
  const limit = limitArg > -1 ? Math.max(1, Number(process.argv[limitArg + 1]) || 20) : 20;
  const config = loadConfigOrExit();
  const database = openDatabase(databaseOptionsFromConfig(config));
  try {
    await migrateToLatest(database);
    const inquiries = await database.db
      .selectFrom("leads")
      .selectAll()
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
    const where = config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : config.DATABASE_PATH;
    if (inquiries.length === 0) {
      console.log(`No inquiries yet in ${where}.`);
      return;
    }
    const deliveries = await database.db
      .selectFrom("outbox")
      .selectAll()
      .where("subject_type", "=", INQUIRY_SUBJECT)
      .where(
        "subject_id",
        "in",
        inquiries.map((i) => i.id),
      )
      .orderBy("channel")
      .execute();
    console.log(`${inquiries.length} most recent inquiries in ${where}:\n`);
    for (const i of inquiries) {
      const details = [
        optionLabel(projectTypeOptions, i.project_type),
        optionLabel(budgetOptions, i.budget),
        optionLabel(timelineOptions, i.timeline),
      ].filter(Boolean);
      console.log(
        `${i.created_at}  ${i.first_name} ${i.last_name} <${i.email}>${i.company ? ` (${i.company})` : ""}`,
      );
      console.log(`  id ${i.id} · ${details.join(" · ")} · via ${i.source}`);
      const preview = i.message.replace(/\s+/g, " ");
      console.log(`  "${preview.length > 100 ? `${preview.slice(0, 99)}…` : preview}"`);
      const rows = deliveries.filter((d) => d.subject_id === i.id);
      if (i.quarantine_reason)
        console.log(`  in Spam (${i.quarantine_reason}): nothing is sent until it is moved to the inbox`);
      else if (rows.length === 0) console.log("  (no notifications queued)");
      for (const d of rows) {
        const state =
          d.status === "delivered"
            ? `delivered ${d.delivered_at}`
            : d.status === "failed"
              ? `FAILED after ${d.attempts} attempts`
              : d.status === "sending"
                ? `sending (claimed until ${d.locked_until})`
                : `pending, ${d.attempts} attempt${Number(d.attempts) === 1 ? "" : "s"} so far, next at ${d.next_attempt_at}`;
        console.log(
          `  - ${d.channel}: ${state}${d.last_error && d.status !== "delivered" ? `; last error: ${d.last_error}` : ""}`,
        );
      }
      console.log("");
    }
    if (!config.SMTP_URL) console.log("SMTP_URL is not set: email notifications stay pending until it is.");
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
