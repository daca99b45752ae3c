import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

import type { AppDatabase } from "../db/database.server";

/**
 * Unsubscribing from reminders (CASL): the link carries a token made of a keyed digest of
 * the address and a signature of that digest, so it needs no account and names nobody.
 * The opt-out is stored by the same digest, never the address; it stops reminders only
 * (receipts, invoices and agreements still go). Decision 0032.
 */

const mac = (key: Buffer, label: string, value: string) =>
  createHmac("sha256", key).update(`${label}:${value}`).digest("base64url");

/** A digest (43 characters) and a 128-bit signature (22), base64url, joined by a dot. */
export const unsubscribeTokenSchema = z.string().regex(/^[\w-]{43}\.[\w-]{22}$/);

export function createReminderOptOuts({
  database,
  key,
  now = Date.now,
}: {
  database: AppDatabase;
  key: Buffer;
  now?: () => number;
}) {
  const { db } = database;
  const digestOf = (email: string) => mac(key, "address", email.trim().toLowerCase());
  const signatureOf = (digest: string) => mac(key, "unsubscribe", digest).slice(0, 22);

  /** The digest a token stands for, or undefined when it is malformed or not ours. */
  function verify(token: unknown): string | undefined {
    const parsed = unsubscribeTokenSchema.safeParse(token);
    if (!parsed.success) return undefined;
    const [digest, signature] = parsed.data.split(".") as [string, string];
    const expected = Buffer.from(signatureOf(digest));
    return timingSafeEqual(expected, Buffer.from(signature)) ? digest : undefined;
  }

  return {
    /** The token of an address's unsubscribe link. */
    tokenFor: (email: string) => {
      const digest = digestOf(email);
      return `${digest}.${signatureOf(digest)}`;
    },
    verify: (token: unknown) => verify(token) !== undefined,
    /** Records the opt-out a token stands for (again is fine); false for a token that is not ours. */
    async optOut(token: unknown): Promise<boolean> {
      const digest = verify(token);
      if (!digest) return false;
      await db
        .insertInto("reminder_opt_outs")
        .values({ recipient_digest: digest, created_at: new Date(now()).toISOString() })
        .onConflict((oc) => oc.column("recipient_digest").doNothing())
        .execute();
      return true;
    },
    async isOptedOut(email: string) {
      const row = await db
        .selectFrom("reminder_opt_outs")
        .select("recipient_digest")
        .where("recipient_digest", "=", digestOf(email))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ReminderOptOuts = ReturnType<typeof createReminderOptOuts>;
