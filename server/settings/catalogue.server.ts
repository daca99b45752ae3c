import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";

import { catalogueFormSchema, catalogueTaxes, centsField, type CatalogueItem } from "~/shared/catalogue";
import { QUOTE_FORM_LINES } from "~/shared/quote-form";
import { provinces, taxCodes, type Province } from "~/shared/taxes";

import type { AppDatabase } from "../db/database.server";
import type { CatalogueItemTable } from "../db/schema";
import { recordChange } from "./audit.server";

type Row = Selectable<CatalogueItemTable>;
type Refusal = { ok: false; status: number; error: string; fieldErrors?: Record<string, string> };

const item = (r: Row): CatalogueItem => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  description: r.description,
  priceCents: Number(r.price_cents),
  taxes: JSON.parse(r.taxes) as CatalogueItem["taxes"],
  archived: r.archived_at !== null,
});

/** What an audit row keeps of an item: what a quote would copy, and whether it is offered. */
const audited = (i: CatalogueItem) => ({
  kind: i.kind,
  name: i.name,
  description: i.description,
  priceCents: i.priceCents,
  taxes: i.taxes,
  archived: i.archived,
});

/**
 * The studio's catalogue (issue 38): packages and add-ons with a default price and taxes, kept
 * on /studio/catalogue. A quote line copies an item when the studio saves the quote (fillQuoteForm);
 * each change is audited (settings_changes, key "catalogue:<id>").
 */
export function createCatalogue({ database, now = Date.now }: { database: AppDatabase; now?: () => number }) {
  const ctx: Ctx = { db: database.db, now };
  const list = (options: { archived?: boolean } = {}) => listItems(ctx, options);
  return {
    list,
    save: (form: Record<string, unknown>, actor: string) => save(ctx, form, actor),
    archive: (id: string, archived: boolean, actor: string) => archive(ctx, id, archived, actor),
    fillQuoteForm: (form: Record<string, unknown>, taxRegistered = true) =>
      fillQuoteForm(list, form, taxRegistered),
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;

type Ctx = { db: AppDatabase["db"]; now: () => number };

async function listItems({ db }: Ctx, options: { archived?: boolean }): Promise<CatalogueItem[]> {
  let q = db.selectFrom("catalogue_items").selectAll();
  if (!options.archived) q = q.where("archived_at", "is", null);
  return (await q.orderBy("kind", "desc").orderBy("name").orderBy("id").execute()).map(item);
}

/** Adds an item, or changes one (by id); a bad field is named, and nothing is stored. */
async function save(
  { db, now }: Ctx,
  form: Record<string, unknown>,
  actor: string,
): Promise<{ ok: true; item: CatalogueItem } | Refusal> {
  const parsed = catalogueFormSchema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    return { ok: false, status: 400, error: "Please check the highlighted fields.", fieldErrors };
  }
  const f = parsed.data;
  const t = now();
  const at = new Date(t).toISOString();
  const values = {
    kind: f.kind,
    name: f.name,
    description: f.description,
    price_cents: f.price,
    taxes: JSON.stringify([...(f.taxGST ? ["GST"] : []), ...(f.taxPST ? ["PST"] : [])]),
    updated_at: at,
    updated_by: actor,
  };
  return db.transaction().execute(async (trx) => {
    const before = f.id
      ? await trx.selectFrom("catalogue_items").selectAll().where("id", "=", f.id).executeTakeFirst()
      : undefined;
    if (f.id && !before)
      return { ok: false, status: 404, error: "That item is no longer in the catalogue." } as const;
    const id = before?.id ?? randomUUID();
    const row = before
      ? await trx
          .updateTable("catalogue_items")
          .set(values)
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto("catalogue_items")
          .values({ id, ...values, archived_at: null, created_at: at })
          .returningAll()
          .executeTakeFirstOrThrow();
    const change = { before: before ? audited(item(before)) : null, after: audited(item(row)) };
    await recordChange(trx, { key: `catalogue:${id}`, ...change, actor, at: t });
    return { ok: true, item: item(row) } as const;
  });
}

/** Archives an item (no longer offered on new quotes) or offers it again. */
async function archive(
  { db, now }: Ctx,
  id: string,
  archived: boolean,
  actor: string,
): Promise<{ ok: true } | Refusal> {
  const t = now();
  const at = new Date(t).toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("catalogue_items")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before)
      return { ok: false, status: 404, error: "That item is no longer in the catalogue." } as const;
    const row = await trx
      .updateTable("catalogue_items")
      .set({ archived_at: archived ? at : null, updated_at: at, updated_by: actor })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const change = { before: audited(item(before)), after: audited(item(row)) };
    await recordChange(trx, { key: `catalogue:${id}`, ...change, actor, at: t });
    return { ok: true } as const;
  });
}

/**
 * The quote form with each line the studio chose from the catalogue ("line2Item") and left
 * empty filled from the item as it is now: its name, price and taxes for the client's
 * province. A line the studio typed keeps what was typed. This copy, made when the studio
 * saves the quote, is the only way a catalogue price reaches a quote.
 */
async function fillQuoteForm(
  list: Catalogue["list"],
  form: Record<string, unknown>,
  taxRegistered: boolean,
): Promise<Record<string, unknown>> {
  const chosen = Array.from({ length: QUOTE_FORM_LINES }, (_, i) => `line${i + 1}`).filter(
    (p) => typeof form[`${p}Item`] === "string" && form[`${p}Item`] !== "",
  );
  if (chosen.length === 0) return form;
  const items = new Map((await list()).map((i) => [i.id, i]));
  const province: Province = provinces.includes(form.province as Province)
    ? (form.province as Province)
    : "BC";
  const filled = { ...form };
  for (const p of chosen) {
    const it = items.get(String(form[`${p}Item`]));
    const empty = (k: string) => typeof form[k] !== "string" || String(form[k]).trim() === "";
    if (!it || !empty(`${p}Label`) || !empty(`${p}Amount`)) continue;
    filled[`${p}Label`] = it.name;
    filled[`${p}Amount`] = centsField(it.priceCents);
    for (const code of taxCodes) delete filled[`${p}Tax${code}`];
    // A studio without a GST/HST number charges no tax (the quote would be refused): the line carries none.
    if (taxRegistered) for (const code of catalogueTaxes(it.taxes, province)) filled[`${p}Tax${code}`] = "on";
  }
  return filled;
}
