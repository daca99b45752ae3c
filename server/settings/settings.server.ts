import { siteConfig } from "~/content/site";
import { z } from "~/lib/zod";

import type { AppDatabase } from "../db/database.server";
import { recordChange } from "./audit.server";

/**
 * The quote defaults the owner changes on /studio/settings without a deploy (issue 38): what the
 * "New quote" form starts from. A setting never saved is the code's default. Each change is
 * recorded (settings_changes) with who, when, before and after, in the transaction that saves it;
 * the next page read uses it (no restart, no cache).
 */
export const settingsSchema = z.object({
  defaultDepositPercent: z.coerce
    .number({ error: "The deposit is a whole percentage from 0 to 99." })
    .int("The deposit is a whole percentage from 0 to 99.")
    .min(0, "The deposit is a whole percentage from 0 to 99.")
    .max(99, "The deposit is a whole percentage from 0 to 99."),
  defaultValidityDays: z.coerce
    .number({ error: "Valid for is a whole number of days from 1 to 365." })
    .int("Valid for is a whole number of days from 1 to 365.")
    .min(1, "Valid for is a whole number of days from 1 to 365.")
    .max(365, "Valid for is a whole number of days from 1 to 365."),
  defaultTerms: z
    .string({ error: "Write the terms." })
    .trim()
    .min(1, "Write the terms.")
    .max(4000, "The terms are at most 4,000 characters."),
});

export type StudioSettings = z.infer<typeof settingsSchema>;

export const SETTINGS_DEFAULTS: StudioSettings = {
  defaultDepositPercent: 50,
  defaultValidityDays: 30,
  defaultTerms: siteConfig.quoteTerms,
};

const KEYS = Object.keys(SETTINGS_DEFAULTS) as (keyof StudioSettings)[];

export function createSettings({ database, now = Date.now }: { database: AppDatabase; now?: () => number }) {
  const { db } = database;
  async function read(): Promise<StudioSettings> {
    const rows = await db.selectFrom("settings").select(["key", "value"]).where("key", "in", KEYS).execute();
    const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    const parsed = settingsSchema.safeParse({ ...SETTINGS_DEFAULTS, ...stored });
    return parsed.success ? parsed.data : SETTINGS_DEFAULTS;
  }
  async function save(form: Record<string, unknown>, actor: string) {
    const parsed = settingsSchema.safeParse(form);
    if (!parsed.success) {
      const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      return { ok: false as const, status: 400, error: "Please check the highlighted fields.", fieldErrors };
    }
    const t = now();
    const at = new Date(t).toISOString();
    await db.transaction().execute(async (trx) => {
      for (const key of KEYS) {
        const row = await trx
          .selectFrom("settings")
          .select("value")
          .where("key", "=", key)
          .executeTakeFirst();
        const before = row ? (JSON.parse(row.value) as unknown) : SETTINGS_DEFAULTS[key];
        const after = parsed.data[key];
        if (before === after) continue;
        const value = JSON.stringify(after);
        await trx
          .insertInto("settings")
          .values({ key, value, updated_at: at, updated_by: actor })
          .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: at, updated_by: actor }))
          .execute();
        await recordChange(trx, { key, before, after, actor, at: t });
      }
    });
    return { ok: true as const };
  }
  return { read, save };
}

export type Settings = ReturnType<typeof createSettings>;
