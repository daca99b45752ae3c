import { createHash, randomBytes } from "node:crypto";

import type { AppDatabase } from "../db/database.server";

/** The UTC day of an instant, YYYY-MM-DD: a salt lives one such day. */
export const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The visitor of a request, as Plausible counts unique visitors: the first 16 bytes of
 * SHA-256(salt of the day + address + user agent + site host), in hex. Neither the address
 * nor the user agent is stored, and once the day's salt is deleted the hash cannot be
 * recomputed from them, so a visitor is one visitor within a day and unlinkable across days.
 */
export function visitorHash(salt: string, address: string, userAgent: string, host: string) {
  return createHash("sha256").update(`${salt}\n${address}\n${userAgent}\n${host}`).digest("hex").slice(0, 32);
}

/**
 * The day's salt, shared by every process through analytics_salts: the first to need it
 * inserts a random one (ON CONFLICT DO NOTHING), everyone then reads the stored one.
 * Kept in memory for the day, so a beacon costs no query for it.
 */
export function createSalts({ database }: { database: AppDatabase }) {
  const { db } = database;
  let current: { day: string; salt: Promise<string> } | undefined;

  async function load(day: string, t: number) {
    await db
      .insertInto("analytics_salts")
      .values({ day, salt: randomBytes(32).toString("base64url"), created_at: new Date(t).toISOString() })
      .onConflict((oc) => oc.column("day").doNothing())
      .execute();
    const row = await db
      .selectFrom("analytics_salts")
      .select("salt")
      .where("day", "=", day)
      .executeTakeFirstOrThrow();
    return row.salt;
  }

  return {
    saltAt(t: number): Promise<string> {
      const day = utcDay(t);
      if (current?.day !== day) {
        const salt = load(day, t);
        current = { day, salt };
        // A failed load is asked again by the next beacon.
        salt.catch(() => current?.salt === salt && (current = undefined));
      }
      return current.salt;
    },
    /** Deletes every salt of a day before today's (UTC): yesterday's visitors can no longer be linked to today's. */
    async rotate(t: number): Promise<number> {
      const result = await db.deleteFrom("analytics_salts").where("day", "<", utcDay(t)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type Salts = ReturnType<typeof createSalts>;
