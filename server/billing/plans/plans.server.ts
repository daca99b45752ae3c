import type { CarePlan } from "~/content/care-plans";
import { carePlanSchema } from "~/content/schemas";
import { z } from "~/lib/zod";

import type { AppDatabase, Executor } from "../../db/database.server";
import type { CarePlanTable } from "../../db/schema";

/** A plan as the back office and the checkout read it; `retired` plans are kept for their subscriptions, never sold. */
export type StoredCarePlan = CarePlan & { retired: boolean; position: number };

export function toCarePlan(row: CarePlanTable): StoredCarePlan {
  return {
    id: row.id,
    name: row.name,
    priceCents: Number(row.price_cents),
    included: z.array(z.string()).parse(JSON.parse(row.included)),
    changeHours: Number(row.change_hours),
    position: Number(row.position),
    retired: row.retired_at !== null,
  };
}

export type PlanSaveResult =
  { ok: true; plan: StoredCarePlan } | { ok: false; fields: Partial<Record<keyof CarePlan, string>> };

/**
 * The care plans the studio keeps in the back office (issue 42): listed, added, changed,
 * retired. A price changed here is what the next checkout charges; subscriptions already
 * running keep the price Stripe holds for them (a plan change moves them).
 */
export function createCarePlans({ database, now = Date.now }: { database: AppDatabase; now?: () => number }) {
  const { db } = database;

  async function list({ includeRetired = false } = {}) {
    let q = db.selectFrom("care_plans").selectAll().orderBy("position").orderBy("id");
    if (!includeRetired) q = q.where("retired_at", "is", null);
    return (await q.execute()).map(toCarePlan);
  }

  async function find(id: string) {
    const row = await db.selectFrom("care_plans").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toCarePlan(row) : undefined;
  }

  /**
   * A new plan or a changed one (by id), validated whole; a bad field is named, nothing changes.
   * `onSaved` runs in the same transaction (the back office records the change there).
   */
  async function save(
    input: unknown,
    onSaved?: (trx: Executor, plan: StoredCarePlan) => Promise<void>,
  ): Promise<PlanSaveResult> {
    const parsed = carePlanSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Partial<Record<keyof CarePlan, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof CarePlan | undefined;
        if (key && !fields[key]) fields[key] = issue.message;
      }
      return { ok: false, fields };
    }
    const p = parsed.data;
    const values = {
      name: p.name,
      price_cents: p.priceCents,
      included: JSON.stringify(p.included),
      change_hours: p.changeHours,
      updated_at: new Date(now()).toISOString(),
    };
    await db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom("care_plans")
        .select((eb) => eb.fn.max("position").as("max"))
        .executeTakeFirst();
      await trx
        .insertInto("care_plans")
        .values({ id: p.id, ...values, position: Number(last?.max ?? -1) + 1, retired_at: null })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
      const row = await trx
        .selectFrom("care_plans")
        .selectAll()
        .where("id", "=", p.id)
        .executeTakeFirstOrThrow();
      await onSaved?.(trx, toCarePlan(row));
    });
    return { ok: true, plan: (await find(p.id))! };
  }

  /** No longer sold from /pricing or the back office; running subscriptions go on. */
  async function retire(id: string) {
    const at = new Date(now()).toISOString();
    const r = await db
      .updateTable("care_plans")
      .set({ retired_at: at, updated_at: at })
      .where("id", "=", id)
      .where("retired_at", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  return { list, find, save, retire };
}

export type CarePlans = ReturnType<typeof createCarePlans>;
