import { siteDay, siteDayStart } from "~/lib/site-time";

import type { AnalyticsDashboard } from "../analytics/dashboard.server";
import type { Accounting } from "../billing/accounting.server";
import type { AppDatabase } from "../db/database.server";
import { startLeasedJob } from "../jobs/lease.server";
import { errorKind, type Logger } from "../logger.server";
import { cad, renderNotice } from "../mail/layout";
import type { Mailer } from "../mail/mailer.server";
import { enqueue, messageId, type OutboxHandlers, type OutboxTrigger } from "../outbox/outbox.server";

export const WEEKLY_SUBJECT = "weekly-digest";
export const WEEKLY_EMAIL = "weekly-digest-email";
export const WEEKLY_JOB = "weekly-digest";
const DAY = 86_400_000;
/** Monday at 08:00 in Vancouver: the hour after midnight the digest is due. */
const SEND_HOUR = 8;

export type Week = { from: string; to: string };
export type WeekFigures = {
  visits: number;
  visitors: number;
  leads: number;
  calls: number;
  quotes: number;
  receivedCents: number;
};

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The last whole Monday-to-Sunday week in Vancouver whose digest is due at `t` (Monday 08:00 onward), or null before the first is due this week. */
export function dueWeek(t: number): Week | null {
  const today = siteDay(t);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
  if (t < siteDayStart(monday) + SEND_HOUR * 3_600_000) return null;
  return { from: addDays(monday, -7), to: addDays(monday, -1) };
}

/**
 * The studio's weekly email (issue 41): last week's visits, leads, calls and quotes (the analytics
 * page's own figures for that custom range: its totals and its funnel's sums) and the money
 * received (the Accounting page's "Received, less refunds" for those days), each against the week
 * before; queued once per week through the outbox on Monday from 08:00 Vancouver by a leased job.
 */
export function createWeeklyDigest(deps: {
  database: AppDatabase;
  dashboard: Pick<AnalyticsDashboard, "overview">;
  accounting: Pick<Accounting, "rows" | "totals">;
  outbox?: OutboxTrigger;
  now?: () => number;
}) {
  const { database, dashboard, accounting, outbox, now = Date.now } = deps;

  async function figures(week: Week): Promise<WeekFigures> {
    const [view, rows] = await Promise.all([
      dashboard.overview({ range: "custom", from: week.from, to: week.to }),
      accounting.rows(week),
    ]);
    const sum = (k: "inquiries" | "booked" | "quoted") => view.funnel.reduce((s, r) => s + r[k], 0);
    return {
      visits: view.totals.visits,
      visitors: view.totals.visitors,
      leads: sum("inquiries"),
      calls: sum("booked"),
      quotes: sum("quoted"),
      receivedCents: accounting.totals(rows).received.totalCents,
    };
  }

  /**
   * Queues the due week's email unless it was queued already (the outbox's unique subject and
   * channel). A week with nothing in it and nothing the week before (a studio just installed,
   * or asleep) sends nothing: the email would only say zero twice.
   */
  async function queueDue(): Promise<Week | null> {
    const week = dueWeek(now());
    if (!week) return null;
    const queued = await database.db
      .selectFrom("outbox")
      .select("id")
      .where("channel", "=", WEEKLY_EMAIL)
      .where("subject_id", "=", week.from)
      .executeTakeFirst();
    if (queued) return week;
    const before = { from: addDays(week.from, -7), to: addDays(week.from, -1) };
    const quiet = (f: WeekFigures) => Object.values(f).every((n) => n === 0);
    if ((await Promise.all([figures(week), figures(before)])).every(quiet)) return null;
    const ids = await enqueue(
      database.db,
      [{ subjectType: WEEKLY_SUBJECT, subjectId: week.from, channel: WEEKLY_EMAIL }],
      now(),
      { once: true },
    );
    if (ids.length > 0) outbox?.wake();
    return week;
  }

  return { figures, queueDue };
}

export type WeeklyDigest = ReturnType<typeof createWeeklyDigest>;

/** The email: each figure of the week and the week before. */
export async function weeklyEmail(digest: Pick<WeeklyDigest, "figures">, from: string) {
  const week = { from, to: addDays(from, 6) };
  const before = { from: addDays(from, -7), to: addDays(from, -1) };
  const [now, prev] = await Promise.all([digest.figures(week), digest.figures(before)]);
  const line = (n: number, p: number, fmt: (n: number) => string = String) =>
    `${fmt(n)} (week before: ${fmt(p)})`;
  return renderNotice({
    subject: `Your week, ${week.from} to ${week.to}`,
    intro: [
      `Last week at the studio, Monday ${week.from} to Sunday ${week.to} (Vancouver), against the week before.`,
    ],
    facts: [
      ["Visits", line(now.visits, prev.visits)],
      ["Visitors", line(now.visitors, prev.visitors)],
      ["Leads", line(now.leads, prev.leads)],
      ["Calls booked", line(now.calls, prev.calls)],
      ["Quotes sent", line(now.quotes, prev.quotes)],
      ["Received", line(now.receivedCents, prev.receivedCents, cad)],
    ],
    closing: ["The analytics and accounting pages of the back office have the detail."],
  });
}

/** The outbox's delivery of the weekly email, to the studio's inbox; the digest is given late (built with the back office). */
export function weeklyDeliveryHandlers({
  digest,
  mailer,
}: {
  digest: () => WeeklyDigest;
  mailer: Mailer;
}): OutboxHandlers {
  return {
    [WEEKLY_EMAIL]: {
      enabled: mailer.configured,
      deliver: async (row) => {
        const email = await weeklyEmail(digest(), row.subject_id);
        await mailer.send({ ...email, to: mailer.companyInbox, messageId: messageId(row) });
      },
    },
  };
}

/** The leased job: every 5 minutes one serving process queues the due week's email, once. */
export function startWeeklyDigestJob(
  {
    database,
    digest,
    logger,
    now,
  }: { database: AppDatabase; digest: WeeklyDigest; logger: Logger; now?: () => number },
  options?: { timers?: boolean },
) {
  return startLeasedJob(
    {
      database,
      now,
      name: WEEKLY_JOB,
      everyMs: 5 * 60_000,
      run: async () => void (await digest.queueDue()),
      onError: (err) => logger.error({ job: WEEKLY_JOB, error: errorKind(err) }, "weekly digest job failed"),
    },
    options,
  );
}
