import { randomUUID } from "node:crypto";

import { siteDay } from "~/lib/site-time";
import { carePlanFormSchema, planHoursFormSchema } from "~/shared/care-plan-form";

import type { AppDatabase } from "../../db/database.server";
import type { PlanSubscriptionStatus } from "../../db/schema";
import { recordChange } from "../../settings/audit.server";
import type { CarePlans, StoredCarePlan } from "./plans.server";

type Refusal = { ok: false; status: 400 | 404; error: string; fieldErrors?: Record<string, string> };
const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0])] ??= i.message;
  return out;
};
/** A form refused with each field's first message beside it. */
const invalid = (errors: Record<string, string>): Refusal => ({
  ok: false,
  status: 400,
  error: "Please check the highlighted fields.",
  fieldErrors: errors,
});

/** What an audit row keeps of a plan: what a checkout charges and /pricing shows. */
const audited = (p: StoredCarePlan) => ({
  name: p.name,
  priceCents: p.priceCents,
  included: p.included,
  changeHours: p.changeHours,
  retired: p.retired,
});

/** This month, in the studio's zone: "2026-11". */
const monthOf = (t: number) => siteDay(t).slice(0, 7);

/** Minutes logged on each of these subscriptions in the studio's month of `t`. */
export async function minutesThisMonth({ db }: AppDatabase, ids: string[], t: number) {
  if (ids.length === 0) return new Map<string, number>();
  const month = monthOf(t);
  const rows = await db
    .selectFrom("plan_hours")
    .select(["subscription_id", (eb) => eb.fn.sum<number>("minutes").as("minutes")])
    .where("subscription_id", "in", ids)
    .where("worked_on", ">=", `${month}-01`)
    .where("worked_on", "<=", `${month}-31`)
    .groupBy("subscription_id")
    .execute();
  return new Map(rows.map((r) => [r.subscription_id, Number(r.minutes)]));
}

type AdminDeps = { database: AppDatabase; plans: CarePlans; now?: () => number };

/** The plans kept: saved and retired, each change recorded. */
function planSettings(deps: AdminDeps) {
  const { database, plans } = deps;
  const { db } = database;
  const now = deps.now ?? Date.now;

  async function save(
    form: Record<string, unknown>,
    actor: string,
  ): Promise<{ ok: true; plan: StoredCarePlan } | Refusal> {
    const parsed = carePlanFormSchema.safeParse(form);
    if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
    const f = parsed.data;
    const before = f.id ? await plans.find(f.id) : undefined;
    if (f.id && !before) return { ok: false, status: 404, error: "That plan is no longer kept." };
    let id = f.id;
    if (!id) {
      const base =
        f.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "")
          .slice(0, 30) || "plan";
      id = (await plans.find(base)) ? `${base}-${randomUUID().slice(0, 6)}` : base.padEnd(2, "-");
    }
    const saved = await plans.save(
      { id, name: f.name, priceCents: f.price, included: f.included, changeHours: f.hours },
      async (trx, plan) =>
        recordChange(trx, {
          key: `care-plan:${id}`,
          before: before ? audited(before) : null,
          after: audited(plan),
          actor,
          at: now(),
        }),
    );
    if (!saved.ok) return invalid(saved.fields);
    return { ok: true, plan: saved.plan };
  }

  /** No longer sold (`retire`), or sold again; running subscriptions go on either way. */
  async function setRetired(id: string, retire: boolean, actor: string): Promise<{ ok: true } | Refusal> {
    const before = await plans.find(id);
    if (!before) return { ok: false, status: 404, error: "That plan is no longer kept." };
    await db.transaction().execute(async (trx) => {
      const at = new Date(now()).toISOString();
      await trx
        .updateTable("care_plans")
        .set({ retired_at: retire ? at : null, updated_at: at })
        .where("id", "=", id)
        .execute();
      await recordChange(trx, {
        key: `care-plan:${id}`,
        before: audited(before),
        after: audited({ ...before, retired: retire }),
        actor,
        at: now(),
      });
    });
    return { ok: true };
  }

  return { save, setRetired };
}

/** The hours logged on plans, and the Plans view. */
function planWork(deps: AdminDeps) {
  const { database } = deps;
  const { db } = database;
  const now = deps.now ?? Date.now;

  /** The studio logs work on a plan; the client's portal shows the same sum. */
  async function logHours(
    form: Record<string, unknown>,
    actor: string,
  ): Promise<{ ok: true; minutes: number } | Refusal> {
    const parsed = planHoursFormSchema.safeParse(form);
    if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
    const f = parsed.data;
    const t = now();
    if (f.workedOn > siteDay(t) || Number.isNaN(Date.parse(`${f.workedOn}T00:00:00Z`)))
      return invalid({ workedOn: "Enter a day that has passed, or today." });
    const sub = await db
      .selectFrom("plan_subscriptions")
      .select(["id", "status"])
      .where("id", "=", f.subscriptionId)
      .executeTakeFirst();
    if (!sub || sub.status === "pending") return { ok: false, status: 404, error: "No such plan." };
    await db
      .insertInto("plan_hours")
      .values({
        id: randomUUID(),
        subscription_id: sub.id,
        worked_on: f.workedOn,
        minutes: f.hours,
        note: f.note,
        actor,
        created_at: new Date(t).toISOString(),
      })
      .execute();
    return { ok: true, minutes: f.hours };
  }

  /** The Plans view: every plan sold (a checkout never finished left out), newest first, optionally of one state. */
  async function list(state?: PlanSubscriptionStatus) {
    let q = db
      .selectFrom("plan_subscriptions as s")
      .innerJoin("care_plans as p", "p.id", "s.plan_id")
      .leftJoin("leads as l", "l.id", "s.lead_id")
      .select([
        "s.id",
        "s.lead_id as leadId",
        "l.first_name as firstName",
        "l.last_name as lastName",
        "p.name as planName",
        "p.change_hours as changeHours",
        "s.price_cents as priceCents",
        "s.province",
        "s.status",
        "s.cancel_at_period_end as cancelAtPeriodEnd",
        "s.current_period_end as currentPeriodEnd",
      ])
      .where("s.status", "!=", "pending")
      .orderBy("s.created_at", "desc")
      .orderBy("s.id")
      .limit(200);
    if (state) q = q.where("s.status", "=", state);
    const rows = await q.execute();
    const used = await minutesThisMonth(
      database,
      rows.map((r) => r.id),
      now(),
    );
    return rows.map((r) => ({
      ...r,
      client: r.firstName === null ? "Lead deleted" : `${r.firstName} ${r.lastName}`.trim(),
      priceCents: Number(r.priceCents),
      changeHours: Number(r.changeHours),
      cancelAtPeriodEnd: Number(r.cancelAtPeriodEnd) === 1,
      usedMinutes: used.get(r.id) ?? 0,
    }));
  }

  return { logHours, list };
}

/**
 * The back office's side of care plans beyond a lead's page (issue 42): the plans kept on
 * /studio/settings/plans, each change recorded (settings_changes, key "care-plan:<id>") and
 * charged by the next checkout without a deploy; the hours of changes the studio logs against
 * a subscription; and the Plans view (/studio/plans): every plan sold, its state, next renewal
 * and hours used this month against the allowance.
 */
export function createPlanAdmin(deps: AdminDeps) {
  return {
    ...planSettings(deps),
    ...planWork(deps),
    plans: () => deps.plans.list({ includeRetired: true }),
  };
}
