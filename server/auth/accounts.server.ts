import { z } from "zod";

import type { AppDatabase } from "../db/database.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, type StudioAuth } from "./auth.server";
import { weakPasswordReason } from "./password-policy.server";
import { accountFailures, accountKey } from "./session-context.server";

export class AccountError extends Error {}

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`);

/** The password's length, then that it is not common, breached or guessable from the email (password-policy.server.ts). */
async function newPassword(password: string, email: string) {
  const secret = parse(passwordSchema, password, "Password");
  const weak = await weakPasswordReason(secret, [email]);
  if (weak) throw new AccountError(`Password: ${weak}`);
  return secret;
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AccountError(`${what}: ${result.error.issues[0]?.message ?? "invalid"}`);
  return result.data;
}

/**
 * Studio accounts, managed from the command line only (scripts/studio-user.ts):
 * better-auth's own adapter creates the user and its credential account with
 * the library's password hash.
 */
export function createStudioAccounts({ auth, database }: { auth: StudioAuth; database: AppDatabase }) {
  const context = () => auth.$context;

  async function find(email: string) {
    const ctx = await context();
    const found = await ctx.internalAdapter.findUserByEmail(parse(emailSchema, email, "Email"));
    if (!found) throw new AccountError("No studio account has that email.");
    return { ctx, user: found.user };
  }

  return {
    async add(email: string, password: string) {
      const address = parse(emailSchema, email, "Email");
      const secret = await newPassword(password, address);
      const ctx = await context();
      if (await ctx.internalAdapter.findUserByEmail(address))
        throw new AccountError("A studio account with that email already exists.");
      const user = await ctx.internalAdapter.createUser(
        { email: address, name: address, emailVerified: true },
        { method: "admin" },
      );
      await ctx.internalAdapter.linkAccount({
        userId: user.id,
        providerId: "credential",
        accountId: user.id,
        password: await ctx.password.hash(secret),
      });
      return { id: user.id, email: address };
    },

    async list() {
      const rows = await database.db
        .selectFrom("studio_users")
        .select((eb) => [
          "studio_users.email",
          "studio_users.created_at",
          eb
            .selectFrom("studio_sessions")
            .whereRef("studio_sessions.user_id", "=", "studio_users.id")
            .select((s) => s.fn.countAll().as("n"))
            .as("sessions"),
        ])
        .orderBy("studio_users.email")
        .execute();
      return rows.map((r) => ({
        email: r.email,
        createdAt: new Date(r.created_at).toISOString(),
        sessions: Number(r.sessions ?? 0),
      }));
    },

    async remove(email: string) {
      const { ctx, user } = await find(email);
      await ctx.internalAdapter.deleteUserSessions(user.id);
      await ctx.internalAdapter.deleteAccounts(user.id);
      await ctx.internalAdapter.deleteUser(user.id);
    },

    /**
     * What an owner does when a person lost access: a new password, every open
     * session ended, two-factor off (its secret and backup codes deleted), the
     * passkeys removed unless `keepPasskeys`, and the account's sign-in lockout
     * lifted. Returns what was removed, as counts.
     */
    async reset(email: string, password: string, { keepPasskeys = false }: { keepPasskeys?: boolean } = {}) {
      const { ctx, user } = await find(email);
      const secret = await newPassword(password, user.email);
      const { db } = database;
      // The new password first: a failure after it never leaves the old password without its second factor.
      await ctx.internalAdapter.updatePassword(user.id, await ctx.password.hash(secret));
      const open = await db
        .selectFrom("studio_sessions")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      // Sessions end before the second factors go, so none can add a passkey back in between.
      await ctx.internalAdapter.deleteUserSessions(user.id);
      const removed = await db.transaction().execute(async (trx) => {
        const twoFactors = await trx
          .deleteFrom("studio_two_factors")
          .where("user_id", "=", user.id)
          .executeTakeFirst();
        await trx
          .updateTable("studio_users")
          .set({ two_factor_enabled: database.kind === "postgres" ? false : 0 })
          .where("id", "=", user.id)
          .execute();
        const passkeys = keepPasskeys
          ? null
          : await trx.deleteFrom("studio_passkeys").where("user_id", "=", user.id).executeTakeFirst();
        return {
          twoFactors: Number(twoFactors.numDeletedRows),
          passkeys: passkeys ? Number(passkeys.numDeletedRows) : null,
        };
      });
      const lockouts = await accountFailures(database).clear(accountKey(user.email));
      return { sessions: Number(open?.n ?? 0), ...removed, lockouts };
    },
  };
}

export type StudioAccounts = ReturnType<typeof createStudioAccounts>;
