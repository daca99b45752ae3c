import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { z } from "zod";

import type { AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";
import { EXPORT_LIMIT, PAGE_SIZE } from "../leads/lead-context.server";
import { parseQuery } from "../leads/service.server";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const paymentQuerySchema = z.object({
  /** "refund": money flagged for a refund and not yet refunded. */
  status: optional(z.enum(["pending", "paid", "failed", "refund"])),
  provider: optional(z.enum(["stripe", "sandbox"])),
  package: optional(z.enum(["basic", "pro"])),
  /** YYYY-MM, by creation time (UTC). */
  month: optional(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)),
  after: optional(
    z
      .string()
      .max(200)
      .regex(/^[^|]+\|[^|]+$/),
  ),
});

export type PaymentQuery = z.infer<typeof paymentQuerySchema>;

/** The studio's read-only view of payments: newest first, filters, and paid totals by month. */
export function createPaymentsView({ database }: { database: AppDatabase }) {
  const { db } = database;

  const filtered = (query: PaymentQuery) => (eb: ExpressionBuilder<Database, "payments">) => {
    const where: Expression<SqlBool>[] = [];
    if (query.status === "refund") where.push(eb("refund_status", "in", ["needed", "requested"]));
    else if (query.status) where.push(eb("status", "=", query.status));
    if (query.provider) where.push(eb("provider", "=", query.provider));
    if (query.package) where.push(eb("package", "=", query.package));
    if (query.month)
      where.push(eb("created_at", ">=", `${query.month}-01`), eb("created_at", "<", nextMonth(query.month)));
    return eb.and(where);
  };

  function page(query: PaymentQuery, limit: number) {
    let q = db
      .selectFrom("payments")
      .select([
        "id",
        "package",
        "amount_cents",
        "currency",
        "provider",
        "status",
        "refund_status",
        "refund_reason",
        "refunded_cents",
        "lead_id",
        "provider_session_id",
        "failure_reason",
        "created_at",
        "paid_at",
      ])
      .where(filtered(query));
    if (query.after) {
      const [createdAt, id] = query.after.split("|") as [string, string];
      q = q.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(createdAt, id)));
    }
    return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit);
  }

  return {
    parseQuery: (params: URLSearchParams) => parseQuery(paymentQuerySchema, params),

    async list(query: PaymentQuery) {
      const rows = await page(query, PAGE_SIZE + 1).execute();
      const payments = rows.slice(0, PAGE_SIZE);
      const last = payments.at(-1);
      const month = sql<string>`substr(coalesce(paid_at, created_at), 1, 7)`;
      const totals = await db
        .selectFrom("payments")
        // Net of the refunds made from the lead's page (credit notes): what the studio kept.
        .select([
          month.as("month"),
          "currency",
          (eb) => eb.fn.sum<string | number>(sql`amount_cents - refunded_cents`).as("cents"),
          (eb) => eb.fn.countAll<string | number>().as("count"),
        ])
        .where("status", "=", "paid")
        // Money kept only to be given back is not income.
        .where("refund_status", "is", null)
        .groupBy([month, "currency"])
        .orderBy(month, "desc")
        .limit(24)
        .execute();
      return {
        payments,
        next: rows.length > PAGE_SIZE && last ? `${last.created_at}|${last.id}` : undefined,
        totals: totals.map((t) => ({
          month: t.month,
          currency: t.currency,
          cents: Number(t.cents),
          count: Number(t.count),
        })),
      };
    },
    exportRows: (query: PaymentQuery) => page({ ...query, after: undefined }, EXPORT_LIMIT).execute(),
  };
}

function nextMonth(month: string) {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

export type PaymentsView = ReturnType<typeof createPaymentsView>;
