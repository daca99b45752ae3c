import { DEFAULT_CONTRACT } from "~/content/contract";
import { z } from "~/lib/zod";
import { MAX_SCOPE_LENGTH } from "~/shared/scope-limits";

import type { AppDatabase, Executor } from "../db/database.server";
import { recordChange } from "./audit.server";

/** The agreement template a quote sent now carries: the latest saved version, or the built-in default (version 0). */
export async function currentContract(db: Executor): Promise<{ version: number; text: string }> {
  const latest = await db
    .selectFrom("agreement_templates")
    .select(["version", "body"])
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return latest
    ? { version: Number(latest.version), text: latest.body }
    : { version: 0, text: DEFAULT_CONTRACT };
}

const templateSchema = z.object({
  body: z
    .string({ error: "Write the agreement." })
    .trim()
    .min(200, "The agreement needs its clauses: at least 200 characters.")
    .max(
      MAX_SCOPE_LENGTH,
      `The agreement is at most ${MAX_SCOPE_LENGTH.toLocaleString("en-CA")} characters.`,
    ),
});

/**
 * The agreement template, versioned (issue 38): each save is a new version (the one before
 * stays, as every quote sent with it signed it), audited with before and after.
 */
export function createContracts({ database, now = Date.now }: { database: AppDatabase; now?: () => number }) {
  const { db } = database;
  return {
    current: () => currentContract(db),
    versions: () =>
      db
        .selectFrom("agreement_templates")
        .select(["version", "created_at", "created_by"])
        .orderBy("version", "desc")
        .limit(50)
        .execute(),
    async save(form: Record<string, unknown>, actor: string) {
      const parsed = templateSchema.safeParse(form);
      if (!parsed.success)
        return {
          ok: false as const,
          status: 400,
          error: "Please check the agreement.",
          fieldErrors: { body: parsed.error.issues[0]!.message },
        };
      const t = now();
      return db.transaction().execute(async (trx) => {
        const before = await currentContract(trx);
        if (before.text === parsed.data.body) return { ok: true as const, version: before.version };
        const version = before.version + 1;
        // The version is the key: two saves at once make one of them fail, never two versions of one number.
        await trx
          .insertInto("agreement_templates")
          .values({
            version,
            body: parsed.data.body,
            created_at: new Date(t).toISOString(),
            created_by: actor,
          })
          .execute();
        await recordChange(trx, {
          key: "contract",
          before,
          after: { version, text: parsed.data.body },
          actor,
          at: t,
        });
        return { ok: true as const, version };
      });
    },
  };
}

export type Contracts = ReturnType<typeof createContracts>;
