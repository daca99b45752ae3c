import { OPEN_STATUSES, quoteReference, type QuoteRow } from "~/shared/quote-model";

import { voidOpenInvoices } from "../billing/documents.server";
import { get } from "./list-quotes.server";
import { type QuoteContext } from "./quote-context.server";
import type { QuoteResult } from "./result";

export async function withdraw(ctx: QuoteContext, id: string, actor: string): Promise<QuoteResult<QuoteRow>> {
  const { clock, db, timeline, deps, fail } = ctx;
  const t = clock();
  const at = new Date(t).toISOString();
  const row = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("quotes")
      .set({ status: "withdrawn", withdrawn_at: at, updated_at: at })
      .where("id", "=", id)
      .where("status", "in", ["draft", ...OPEN_STATUSES])
      .returningAll()
      .executeTakeFirst();
    if (updated) {
      await timeline.record(
        trx,
        {
          leadId: updated.lead_id,
          kind: "quote-withdrawn",
          detail: `${quoteReference(id)} withdrawn`,
          actor,
        },
        t,
      );
      await voidOpenInvoices(trx, id, t);
    }
    return updated;
  });
  if (row) {
    await deps.checkouts.closeQuoteCheckouts(id, "quote withdrawn");
    return { ok: true, value: row };
  }
  const quote = await get(ctx, id);
  return quote
    ? fail(
        409,
        `Quote ${quoteReference(id)} is ${quote.status.replace("_", " ")}: only a draft or an unpaid quote can be withdrawn.`,
      )
    : fail(404, `No quote with id ${id}.`);
}

/** Marks every open quote past its expiry expired, each with its timeline entry; returns how many. */
export async function expireDue(ctx: QuoteContext, actor = "system"): Promise<number> {
  const { clock, db, timeline, deps } = ctx;
  const t = clock();
  const at = new Date(t).toISOString();
  const rows = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable("quotes")
      .set({ status: "expired", updated_at: at })
      .where("status", "in", OPEN_STATUSES)
      .where("expires_at", "<=", at)
      .returning(["id", "lead_id"])
      .execute();
    for (const r of rows) {
      await timeline.record(
        trx,
        { leadId: r.lead_id, kind: "quote-expired", detail: `${quoteReference(r.id)} expired`, actor },
        t,
      );
      await voidOpenInvoices(trx, r.id, t);
    }
    return rows;
  });
  for (const r of rows) await deps.checkouts.closeQuoteCheckouts(r.id, "quote expired");
  return rows.length;
}
