import { formatSiteDateTimeWithZone } from "~/lib/site-time";

import type { AppDatabase } from "../db/database.server";
import { securityChangeEmail, type SecurityChange } from "../mail/emails/security-change";
import type { Mailer } from "../mail/mailer.server";
import { enqueue, messageId, type OutboxHandlers, type OutboxTrigger } from "../outbox/outbox.server";

export type { SecurityChange } from "../mail/emails/security-change";

const SUBJECT = "studio-user";
const CHANGES: SecurityChange[] = [
  "passkey-added",
  "passkey-removed",
  "totp-on",
  "totp-off",
  "password-changed",
];
/** One outbox channel per change, so the row itself says what changed (the subject is the user). */
export const securityChannel = (change: SecurityChange) => `studio-security:${change}`;

/** Queues the owner's email about a change to their sign-in methods; the worker sends it. */
export function createSecurityNotices({
  database,
  outbox,
  now = Date.now,
}: {
  database: AppDatabase;
  outbox?: OutboxTrigger;
  now?: () => number;
}) {
  return async function notice(user: { id: string }, change: SecurityChange) {
    await enqueue(
      database.db,
      [{ subjectType: SUBJECT, subjectId: user.id, channel: securityChannel(change) }],
      now(),
    );
    outbox?.wake();
  };
}

export type SecurityNotice = ReturnType<typeof createSecurityNotices>;

/** How the outbox worker sends those emails, to the account's address as it is at sending time. */
export function securityNoticeHandlers({
  database,
  mailer,
}: {
  database: AppDatabase;
  mailer: Mailer;
}): OutboxHandlers {
  const handlers: OutboxHandlers = {};
  for (const change of CHANGES) {
    handlers[securityChannel(change)] = {
      enabled: mailer.configured,
      async deliver(row) {
        const user = await database.db
          .selectFrom("studio_users")
          .select("email")
          .where("id", "=", row.subject_id)
          .executeTakeFirst();
        // An account removed since has no one left to tell.
        if (!user) return;
        const email = await securityChangeEmail(change, formatSiteDateTimeWithZone(row.created_at));
        await mailer.send({ ...email, to: user.email, messageId: messageId(row) });
      },
    };
  }
  return handlers;
}
