import { type Kysely, sql } from "kysely";

// Deleting a lead unlinks its goals (server/studio/privacy.server.ts): only goal rows carry a
// lead, so a partial index finds them without reading millions of page views.
export async function up(db: Kysely<unknown>) {
  await sql`create index analytics_events_lead on analytics_events (lead_id) where lead_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index analytics_events_lead`.execute(db);
}
