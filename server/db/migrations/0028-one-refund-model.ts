import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * One refund model (decision 0045): every refund is a row of `refunds`, settled one way.
 * - refunds.cause: why money that must go back arrived (a payment on a withdrawn or expired
 *   quote, or a stage paid twice); null for a refund the studio chose on the lead page.
 *   Such a flagged refund is the whole payment, its row's id the payment's id (so its
 *   provider key, refund-<payment id>, is the one the old path sent) and it waits `needed`
 *   until the studio asks for it. It has no receipt, so it gets no credit note.
 * - refunds.status takes `needed` (flagged, not asked yet).
 * - payments.refund_status, refund_reason, refund_id and refunded_at move into those rows
 *   and are dropped; the flagged payment's whole amount is claimed, so nothing else refunds it.
 */
const statusCheck = sql`status in ('needed', 'requested', 'succeeded', 'failed')`;
const causeCheck = sql`cause is null or cause in ('withdrawn', 'expired', 'duplicate')`;
const OLD_COLUMNS = ["refund_status", "refund_reason", "refund_id", "refunded_at"] as const;

export async function up(db: Kysely<unknown>) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table refunds drop constraint if exists refunds_status_check`.execute(db);
    await sql`alter table refunds add constraint refunds_status_check check (${statusCheck})`.execute(db);
    await sql`alter table refunds add column cause text constraint refunds_cause_check check (${causeCheck})`.execute(
      db,
    );
  } else {
    await rebuildSqliteRefunds(db);
  }
  await sql`create unique index refunds_one_flag on refunds (payment_id) where cause is not null`.execute(db);

  // The flagged payments, as refund rows: needed stays needed; requested keeps the provider's refund (pending
  // there until its refund.updated, or the recovery job's look-up); refunded is a succeeded refund.
  await sql`
    insert into refunds (id, payment_id, lead_id, amount_cents, reason, cause, status, provider_refund_id,
      provider_status, failure_reason, credit_note_id, requested_by, created_at, settled_at)
    select id, id, lead_id, amount_cents, '', refund_reason,
      case refund_status when 'refunded' then 'succeeded' else refund_status end,
      refund_id,
      case refund_status when 'refunded' then 'succeeded' when 'requested' then (case when refund_id is null then null else 'pending' end) else null end,
      null, null, 'system', coalesce(paid_at, updated_at),
      case refund_status when 'refunded' then coalesce(refunded_at, updated_at) else null end
    from payments where refund_status is not null and lead_id is not null and amount_cents > 0
  `.execute(db);
  await sql`
    update payments set
      refund_claimed_cents = amount_cents,
      refunded_cents = case refund_status when 'refunded' then amount_cents else refunded_cents end
    where refund_status is not null
  `.execute(db);
  for (const column of OLD_COLUMNS) await db.schema.alterTable("payments").dropColumn(column).execute();
}

/** SQLite cannot alter a check: the table is made again under its name, rows and indexes kept. */
async function rebuildSqliteRefunds(db: Kysely<unknown>) {
  const columns =
    "id, payment_id, lead_id, amount_cents, reason, status, provider_refund_id, credit_note_id, requested_by, created_at, settled_at, provider_status, failure_reason";
  await db.schema
    .createTable("refunds_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("cause", "text", (c) => c.check(causeCheck))
    .addColumn("status", "text", (c) => c.notNull().check(statusCheck))
    .addColumn("provider_refund_id", "text")
    .addColumn("credit_note_id", "text")
    .addColumn("requested_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("settled_at", "text")
    .addColumn("provider_status", "text")
    .addColumn("failure_reason", "text")
    .execute();
  await sql.raw(`insert into refunds_next (${columns}) select ${columns} from refunds`).execute(db);
  await db.schema.dropTable("refunds").execute();
  await db.schema.alterTable("refunds_next").renameTo("refunds").execute();
  await db.schema.createIndex("refunds_payment").on("refunds").columns(["payment_id"]).execute();
  await db.schema.createIndex("refunds_open").on("refunds").columns(["status", "created_at"]).execute();
}

// Going back would lose which refunds were flagged: refunds are money records, kept as they are.
export async function down() {}
