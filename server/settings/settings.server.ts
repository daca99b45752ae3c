import { siteConfig } from "~/content/site";
import { z } from "~/lib/zod";

import { GST_HST_NUMBER_PATTERN } from "../billing/tax-number";
import type { AppDatabase, Executor } from "../db/database.server";
import { recordChange } from "./audit.server";

/**
 * The settings the owner changes on /studio/settings without a deploy (issue 38): the quote
 * defaults the "New quote" form starts from, the studio's tax registration numbers, and the
 * client reminders' timings and wording. A setting never saved is its default: the
 * environment's where one is set today (GST_HST_NUMBER), else the code's. Each change is
 * recorded (settings_changes) with who, when, before and after, in the transaction that saves
 * it; every reader reads the database when it runs (no cache), so a change applies at once in
 * every process, without a restart.
 */
const whole = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** BC's PST number as the province writes it: PST-1234-5678 (spaces, dashes and the prefix optional when typed). */
const PST_NUMBER_PATTERN = /^(?:PST)?[\s-]*(\d{4})[\s-]*(\d{4})$/;

const fields = z.object({
  defaultDepositPercent: whole("The deposit is a whole percentage from 0 to 99.", 0, 99),
  defaultValidityDays: whole("Valid for is a whole number of days from 1 to 365.", 1, 365),
  defaultTerms: z
    .string({ error: "Write the terms." })
    .trim()
    .min(1, "Write the terms.")
    .max(4000, "The terms are at most 4,000 characters."),
  // "" is no number: a small supplier, who charges no GST/HST (docs/product.md#taxes).
  gstHstNumber: z
    .string({ error: "Enter the GST/HST number, or leave it empty." })
    .trim()
    .toUpperCase()
    .refine(
      (v) => v === "" || GST_HST_NUMBER_PATTERN.test(v),
      "A GST/HST number is 9 digits, RT and 4 digits, e.g. 123456789 RT0001; leave it empty if you are not registered.",
    )
    .transform((v) => (v === "" ? "" : `${v.slice(0, 9)} RT${v.slice(-4)}`)),
  pstNumber: z
    .string({ error: "Enter the PST number, or leave it empty." })
    .trim()
    .toUpperCase()
    .refine(
      (v) => v === "" || PST_NUMBER_PATTERN.test(v),
      "A BC PST number is 8 digits, e.g. PST-1234-5678; leave it empty if you are not registered.",
    )
    .transform((v) => v.replace(PST_NUMBER_PATTERN, "PST-$1-$2")),
  reminderExpiringDays: whole("Send it from 1 to 14 days before the quote expires.", 1, 14),
  reminderBalanceDays: whole("The first balance reminder is from 1 to 60 days after the request.", 1, 60),
  reminderBalanceSecondDays: whole(
    "The second balance reminder is from 2 to 90 days after the request.",
    2,
    90,
  ),
  reminderExpiringText: z
    .string({ error: "Write what the reminder says." })
    .trim()
    .min(1, "Write what the reminder says.")
    .max(600, "At most 600 characters."),
  reminderBalanceText: z
    .string({ error: "Write what the reminder says." })
    .trim()
    .min(1, "Write what the reminder says.")
    .max(600, "At most 600 characters."),
});

export const settingsSchema = fields.superRefine((s, ctx) => {
  if (s.reminderBalanceSecondDays <= s.reminderBalanceDays)
    ctx.addIssue({
      code: "custom",
      path: ["reminderBalanceSecondDays"],
      message: "The second balance reminder comes after the first.",
    });
});

export type StudioSettings = z.infer<typeof fields>;
type Key = keyof StudioSettings;

/** The code's defaults: today's behaviour before any setting was saved. */
export const SETTINGS_DEFAULTS: StudioSettings = {
  defaultDepositPercent: 50,
  defaultValidityDays: 30,
  defaultTerms: siteConfig.quoteTerms,
  gstHstNumber: "",
  pstNumber: "",
  reminderExpiringDays: 3,
  reminderBalanceDays: 7,
  reminderBalanceSecondDays: 14,
  reminderExpiringText: "If you have a question before deciding, reply to this email.",
  reminderBalanceText: "If it is on its way, thank you and please ignore this email.",
};

const KEYS = Object.keys(SETTINGS_DEFAULTS) as Key[];

/** The environment's value where one is set today (GST_HST_NUMBER), over the code's. */
export type SettingsEnvironment = { GST_HST_NUMBER?: string | undefined };
const defaultsFrom = (env: SettingsEnvironment = {}): StudioSettings => ({
  ...SETTINGS_DEFAULTS,
  gstHstNumber: env.GST_HST_NUMBER ?? "",
});

/**
 * The settings as stored now, each key on its own: a stored value that no longer parses (a rule
 * tightened since) falls back to its default alone. Read inside a caller's transaction where it
 * has one, so a document issued there carries the value of that moment.
 */
export async function readSettings(
  db: Executor,
  env?: SettingsEnvironment,
  keys: readonly Key[] = KEYS,
): Promise<StudioSettings> {
  const defaults = defaultsFrom(env);
  const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "in", keys).execute();
  const values = { ...defaults };
  for (const row of rows) {
    const key = row.key as Key;
    const parsed = fields.shape[key].safeParse(JSON.parse(row.value) as unknown);
    if (parsed.success) (values as Record<Key, unknown>)[key] = parsed.data;
  }
  return values;
}

/** The GST/HST number invoices and receipts carry now (null: a small supplier), setting over environment. */
export async function gstHstNumber(db: Executor, env: SettingsEnvironment) {
  return (await readSettings(db, env, ["gstHstNumber"])).gstHstNumber || null;
}

/** The BC PST number (null: none saved); no environment variable sets it. */
export async function pstNumber(db: Executor) {
  return (await readSettings(db, {}, ["pstNumber"])).pstNumber || null;
}

export function createSettings({
  database,
  now = Date.now,
  env,
}: {
  database: AppDatabase;
  now?: () => number;
  env?: SettingsEnvironment;
}) {
  const { db } = database;
  const read = () => readSettings(db, env);
  async function save(form: Record<string, unknown>, actor: string) {
    // A field the form did not send keeps its value (a form of one section saves that section).
    const current = await read();
    const posted = Object.fromEntries(KEYS.map((k) => [k, k in form ? form[k] : current[k]]));
    const parsed = settingsSchema.safeParse(posted);
    if (!parsed.success) {
      const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      return { ok: false as const, status: 400, error: "Please check the highlighted fields.", fieldErrors };
    }
    const t = now();
    const at = new Date(t).toISOString();
    const changed: Key[] = [];
    await db.transaction().execute(async (trx) => {
      const before = await readSettings(trx, env);
      for (const key of KEYS) {
        const after = parsed.data[key];
        if (before[key] === after) continue;
        const value = JSON.stringify(after);
        await trx
          .insertInto("settings")
          .values({ key, value, updated_at: at, updated_by: actor })
          .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: at, updated_by: actor }))
          .execute();
        await recordChange(trx, { key, before: before[key], after, actor, at: t });
        changed.push(key);
      }
    });
    return { ok: true as const, changed };
  }
  return { read, save };
}

export type Settings = ReturnType<typeof createSettings>;
