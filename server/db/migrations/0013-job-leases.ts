import type { Kysely } from "kysely";

// Which live process runs each periodic job (server/jobs/lease.server.ts): a lease per job name.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("job_leases")
    .addColumn("job", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    // The job's last run by any holder, so a takeover or a restart keeps its schedule.
    .addColumn("last_run_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("job_leases").execute();
}
