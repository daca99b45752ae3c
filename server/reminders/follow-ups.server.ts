import { paymentPackage } from "~/content/payment";
import { quoteStatusLabels } from "~/content/quotes";
import { formatSiteDate, formatSiteDateTimeWithZone } from "~/lib/site-time";
import { optionLabel, projectTypeOptions } from "~/schemas/inquiry-fields";
import { quoteReference } from "~/shared/quote-model";

import type { AppConfig } from "../config.server";
import type { Executor } from "../db/database.server";
import { INQUIRY_SUBJECT } from "../inquiries/notifications.server";
import {
  clientReminderEmail,
  type ClientReminderBase,
  type ClientReminderData,
} from "../mail/emails/reminder";
import { replyDueDigestEmail } from "../mail/emails/reminder-new-lead";
import { portalLink } from "../mail/layout";
import type { Mailer } from "../mail/mailer.server";
import { markTest } from "../mail/test-mark";
import { messageId } from "../outbox/outbox.server";
import { selectProvider } from "../payments/payments.server";
import { QUOTE_SUBJECT } from "../quotes/notifications.server";
import { readSettings, SETTINGS_DEFAULTS, type StudioSettings } from "../settings/settings.server";
import type { ReminderOptOuts } from "./opt-outs.server";
import type { ReminderDefinition } from "./reminders.server";

/**
 * The studio's follow-ups (docs/product.md#reminders): a quote not accepted some days
 * before it expires and a balance unpaid some days after it was requested, twice (to the
 * client, with an unsubscribe link; the days and a sentence of each are the owner's, read
 * from /studio/settings when the job scans, 3, 7 and 14 by default), and a lead still New
 * 20 hours after it arrived (to the studio, which promises a reply within 24 hours).
 * The channels keep their first names (7, 14): they are the first and second balance reminders.
 */
export const REMINDER_QUOTE_EXPIRING = "reminder-quote-expiring";
export const REMINDER_BALANCE_7 = "reminder-balance-7";
export const REMINDER_BALANCE_14 = "reminder-balance-14";
export const REMINDER_NEW_LEAD = "reminder-new-lead";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** How long each reminder stays worth sending after it fell due (a server down for a week does not send stale ones). */
const LATE_WINDOW = { quote: 3 * DAY, balance: 7 * DAY, lead: 28 * HOUR };

export type FollowUpDeps = {
  config: Pick<AppConfig, "SITE_URL" | "PAYMENTS_PROVIDER" | "STRIPE_SECRET_KEY">;
  mailer: Pick<Mailer, "send" | "companyInbox">;
  optOuts: Pick<ReminderOptOuts, "isOptedOut" | "tokenFor">;
};

/** The reminders of quotes and leads, in the order the job scans them. */
export function followUpReminders(deps: FollowUpDeps) {
  return [
    quoteExpiring(deps),
    balanceUnpaid(deps, "first"),
    balanceUnpaid(deps, "second"),
    newLeadWaiting(deps),
  ] as const;
}

/** The reminders' settings as saved now (/studio/settings); read per scan and per email, so a change needs no restart. */
const reminderSettings = (db: Executor) =>
  readSettings(db, {}, [
    "reminderExpiringDays",
    "reminderBalanceDays",
    "reminderBalanceSecondDays",
    "reminderExpiringText",
    "reminderBalanceText",
  ]);

/** The quote and its client, as a client reminder needs them. */
async function loadQuote(db: Executor, id: string) {
  return db
    .selectFrom("quotes")
    .innerJoin("leads", "leads.id", "quotes.lead_id")
    .select([
      "quotes.id",
      "quotes.lead_id",
      "quotes.token",
      "quotes.package",
      "quotes.status",
      "quotes.expires_at",
      "quotes.total_cents",
      "quotes.deposit_cents",
      "quotes.balance_requested_at",
      "leads.first_name",
      "leads.email",
    ])
    .where("quotes.id", "=", id)
    .executeTakeFirst();
}

type QuoteWithClient = NonNullable<Awaited<ReturnType<typeof loadQuote>>>;
type ClientSend = { to: string; data: ClientReminderData };
/** What a reminder to a client says beside what every one carries. */
type ClientReminderMessage = ClientReminderData extends infer R
  ? R extends ClientReminderData
    ? Omit<R, keyof ClientReminderBase>
    : never
  : never;

/** A reminder's `due`: the ids its query finds. */
async function ids(query: { execute(): Promise<{ id: string }[]> }) {
  return (await query.execute()).map((r) => r.id);
}

/**
 * A reminder to a quote's client: `due` finds the quotes it is due for; `check` says why it no
 * longer applies to one, or what it says. It goes out unless the client unsubscribed, with an
 * RFC 8058 one-click unsubscribe.
 */
function quoteReminder(
  deps: FollowUpDeps,
  spec: Pick<ReminderDefinition, "channel" | "due"> & {
    /** Its name in the timeline, with the days the settings say. */
    label: (settings: StudioSettings) => string;
    check: (
      q: QuoteWithClient,
      now: number,
      settings: StudioSettings,
    ) => { cancel: string } | { message: ClientReminderMessage };
  },
): ReminderDefinition<ClientSend> {
  return {
    channel: spec.channel,
    subjectType: QUOTE_SUBJECT,
    label: spec.label(SETTINGS_DEFAULTS),
    due: spec.due,
    async check(db, id, now) {
      const q = await loadQuote(db, id);
      if (!q) return { leadId: null, cancel: "the quote is gone" };
      const settings = await reminderSettings(db);
      const label = spec.label(settings);
      const answer = spec.check(q, now, settings);
      if ("cancel" in answer) return { leadId: q.lead_id, cancel: answer.cancel, label };
      if (await deps.optOuts.isOptedOut(q.email))
        return { leadId: q.lead_id, cancel: "the client unsubscribed from reminders", label };
      const base: ClientReminderBase = {
        firstName: q.first_name,
        reference: quoteReference(q.id),
        link: `${deps.config.SITE_URL}/quote/${q.token}`,
        unsubscribeUrl: `${deps.config.SITE_URL}/unsubscribe/${deps.optOuts.tokenFor(q.email)}`,
        portalUrl: portalLink(deps.config.SITE_URL),
      };
      return { leadId: q.lead_id, send: { to: q.email, data: { ...base, ...answer.message } }, label };
    },
    async send({ to, data }, row) {
      const email = await clientReminderEmail(data);
      await deps.mailer.send({
        // A quote's reminder under the sandbox provider says TEST, as the quote's own emails do.
        ...markTest(email, selectProvider(deps.config) === "sandbox"),
        to,
        replyTo: deps.mailer.companyInbox,
        messageId: messageId(row),
        headers: {
          "List-Unsubscribe": `<${data.unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
      return "to the client";
    },
  };
}

const quoteStatus = (q: QuoteWithClient) => ({
  cancel: `the quote is ${quoteStatusLabels[q.status].toLowerCase()}`,
});

function quoteExpiring(deps: FollowUpDeps) {
  return quoteReminder(deps, {
    channel: REMINDER_QUOTE_EXPIRING,
    label: (s) => `Reminder that the quote expires in ${s.reminderExpiringDays} days`,
    async due(db, now) {
      const before = (await reminderSettings(db)).reminderExpiringDays * DAY;
      return ids(
        db
          .selectFrom("quotes")
          .select("id")
          .where("status", "in", ["sent", "viewed"])
          .where("expires_at", ">", iso(now))
          .where("expires_at", "<=", iso(now + before))
          // Not a quote sent with a short validity a moment ago: the client has just read it.
          .where("sent_at", "<=", iso(now - DAY))
          .where("expires_at", ">", iso(now + before - LATE_WINDOW.quote)),
      );
    },
    check(q, now, settings) {
      if (q.status !== "sent" && q.status !== "viewed") return quoteStatus(q);
      if (Date.parse(q.expires_at) <= now) return { cancel: "the quote has expired" };
      return {
        message: {
          kind: "quote-expiring",
          packageName: paymentPackage(q.package).name,
          totalCents: Number(q.total_cents),
          expiresOn: formatSiteDate(q.expires_at),
          closing: settings.reminderExpiringText,
        },
      };
    },
  });
}

const daysOf = (settings: StudioSettings, which: "first" | "second") =>
  which === "first" ? settings.reminderBalanceDays : settings.reminderBalanceSecondDays;

function balanceUnpaid(deps: FollowUpDeps, which: "first" | "second") {
  return quoteReminder(deps, {
    channel: which === "first" ? REMINDER_BALANCE_7 : REMINDER_BALANCE_14,
    label: (s) => `Reminder that the balance is unpaid after ${daysOf(s, which)} days`,
    async due(db, now) {
      const after = daysOf(await reminderSettings(db), which) * DAY;
      return ids(
        db
          .selectFrom("quotes")
          .select("id")
          .where("status", "=", "deposit_paid")
          .where("balance_requested_at", "<=", iso(now - after))
          .where("balance_requested_at", ">", iso(now - after - LATE_WINDOW.balance)),
      );
    },
    check(q, _now, settings) {
      if (q.status === "paid") return { cancel: "the balance was paid" };
      if (q.status !== "deposit_paid" || !q.balance_requested_at || q.deposit_cents === null)
        return quoteStatus(q);
      return {
        message: {
          kind: "balance",
          days: daysOf(settings, which),
          closing: settings.reminderBalanceText,
          balanceCents: Number(q.total_cents) - Number(q.deposit_cents),
          requestedOn: formatSiteDate(q.balance_requested_at),
        },
      };
    },
  });
}

type LeadSend = {
  firstName: string;
  lastName: string;
  projectType: string;
  receivedAt: string;
  replyBy: string;
  leadUrl: string;
  /** When it arrived (ISO): the digest lists the oldest first. */
  createdAt: string;
};

function newLeadWaiting(deps: FollowUpDeps): ReminderDefinition<LeadSend> {
  return {
    channel: REMINDER_NEW_LEAD,
    subjectType: INQUIRY_SUBJECT,
    label: "Reminder that this lead waits for a reply (20 hours)",
    due: (db, now) =>
      ids(
        db
          .selectFrom("leads")
          .select("id")
          .where("status", "=", "new")
          .where("quarantine_reason", "is", null)
          .where("created_at", "<=", iso(now - 20 * HOUR))
          .where("created_at", ">", iso(now - 20 * HOUR - LATE_WINDOW.lead)),
      ),
    async check(db, id) {
      const lead = await db
        .selectFrom("leads")
        .select([
          "id",
          "status",
          "quarantine_reason",
          "first_name",
          "last_name",
          "project_type",
          "created_at",
        ])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!lead) return { leadId: null, cancel: "the lead is gone" };
      if (lead.status !== "new") return { leadId: lead.id, cancel: `the lead moved to ${lead.status}` };
      if (lead.quarantine_reason) return { leadId: lead.id, cancel: "the lead is in Spam" };
      return {
        leadId: lead.id,
        send: {
          firstName: lead.first_name,
          lastName: lead.last_name,
          projectType: optionLabel(projectTypeOptions, lead.project_type) ?? lead.project_type,
          receivedAt: formatSiteDateTimeWithZone(lead.created_at),
          replyBy: formatSiteDateTimeWithZone(new Date(Date.parse(lead.created_at) + DAY)),
          leadUrl: `${deps.config.SITE_URL}/studio/leads/${lead.id}`,
          createdAt: lead.created_at,
        },
      };
    },
    async send(facts, row) {
      await deps.mailer.send({ ...(await replyDueDigestEmail([facts])), messageId: messageId(row) });
      return "to the studio";
    },
    // Every lead waiting at that moment in one "Reply due" email (reminders.server.ts, deliverDigest).
    digest: {
      to: "to the studio",
      async send(leads, row) {
        const oldestFirst = [...leads].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        await deps.mailer.send({ ...(await replyDueDigestEmail(oldestFirst)), messageId: messageId(row) });
      },
    },
  };
}
