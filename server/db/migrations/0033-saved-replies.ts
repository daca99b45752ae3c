import type { Kysely } from "kysely";

/**
 * The studio's saved replies (issue 41): the few answers it sends a lead from the lead's page,
 * edited in the back office. A sent reply itself is a timeline row (lead_activity, kind "reply"),
 * so a lead's deletion takes it with the rest of the lead. Two to start from.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("saved_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  const at = new Date(0).toISOString();
  await db
    .insertInto("saved_replies" as never)
    .values([
      {
        id: "first-reply",
        title: "Thanks, let's talk",
        subject: "Your project with Cascadia Web Studio",
        body: "Hello {firstName},\n\nThank you for your inquiry. We would like to hear more about the project: could we have a 30-minute call this week? You can pick a time on the Book a call page of our website, or reply with a few times that suit you.\n\nBest regards,\nCascadia Web Studio",
        updated_by: "system",
        updated_at: at,
      },
      {
        id: "need-details",
        title: "A few questions",
        subject: "A few questions about your project",
        body: "Hello {firstName},\n\nThank you for writing to us. Before we prepare a quote, could you tell us a little more: how many pages you expect, whether you have a logo and photos, and when you would like the site to be live?\n\nBest regards,\nCascadia Web Studio",
        updated_by: "system",
        updated_at: at,
      },
    ] as never)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("saved_replies").execute();
}
