import { type QuoteContext } from "./quote-context.server";

export function get(ctx: QuoteContext, id: string) {
  const { db } = ctx;
  return db.selectFrom("quotes").selectAll().where("id", "=", id).executeTakeFirst();
}

export function list(ctx: QuoteContext, filter: { inquiryId?: string } = {}) {
  const { db } = ctx;
  let q = db.selectFrom("quotes").selectAll().orderBy("created_at", "desc").limit(500);
  if (filter.inquiryId) q = q.where("lead_id", "=", filter.inquiryId);
  return q.execute();
}
