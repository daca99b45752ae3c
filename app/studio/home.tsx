import { Link, redirect } from "react-router";

import { Badge } from "~/components/ui/badge";
import { formatCad } from "~/lib/money";

import type { HomeCall, HomeGroup } from "../../server/studio/home.server";
import type { Route } from "./+types/home";
import { formatTime, requireStudio, studioMeta } from "./guard";
import { Section } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Today");

/** The owner's day; the inbox moved to /studio/inbox, and its old filtered links still lead there. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { home } = requireStudio(context);
  const { search } = new URL(request.url);
  if (search) throw redirect(`/studio/inbox${search}`);
  return home.load();
}

type Item = HomeGroup["items"][number];
const cad = (cents: number) => formatCad(cents, { withCode: true });
const link = "font-semibold text-primary underline-offset-4 hover:underline";

/** Each list's nouns and the word for its urgent items. */
const words: Record<string, { noun: [string, string]; urgent: string }> = {
  waiting: { noun: ["lead is New", "leads are New"], urgent: "past 24 hours" },
  quotes: { noun: ["quote is open", "quotes are open"], urgent: "expiring soon" },
  balances: { noun: ["balance is due", "balances are due"], urgent: "overdue" },
  refunds: { noun: ["payment needs a refund", "payments need a refund"], urgent: "refund" },
  "plans-past-due": { noun: ["care plan is not paid", "care plans are not paid"], urgent: "payment failed" },
  undeliverable: { noun: ["email was not delivered", "emails were not delivered"], urgent: "failed" },
};

/** A list's count in words, with how many of them are urgent; a full list says it may hold more. */
function countText(id: string, items: Item[], limit: number) {
  const { noun, urgent } = words[id]!;
  const n = items.length;
  const late = items.filter((i) => i.urgent).length;
  return `${n >= limit ? `The first ${n}` : n} ${n === 1 ? noun[0] : noun[1]}${late > 0 ? `, ${late} ${urgent}` : ""}.`;
}

function AttentionList({ group, limit }: { group: HomeGroup; limit: number }) {
  return (
    <Section id={group.id} title={group.title} className="rounded-md border p-4">
      <p className="text-sm text-muted-foreground">{countText(group.id, group.items, limit)}</p>
      <ul className="grid gap-2">
        {group.items.map((item) => (
          <li key={item.key} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <Link to={`/studio/leads/${item.leadId}`} className={link}>
              {item.name}
            </Link>
            {item.urgent && <Badge variant="destructive">{words[group.id]!.urgent}</Badge>}
            <span className="text-sm">{item.detail}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** One figure of the day: a label, the amount, a line under it; a link to where it comes from. */
function Figure({ label, value, note, to }: { label: string; value: string; note: string; to: string }) {
  return (
    <div className="grid content-start gap-1 rounded-md border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">
        <Link to={to} className="underline-offset-4 hover:underline">
          {value}
        </Link>
      </dd>
      <dd className="text-sm text-muted-foreground">{note}</dd>
    </div>
  );
}

const callTime = (iso: string) => formatTime(iso);

function Calls({ calls }: { calls: HomeCall[] }) {
  const today = calls.filter((c) => c.today).length;
  return (
    <Section id="calls" title="Calls, today and the next 7 days" className="rounded-md border p-4">
      <p className="text-sm text-muted-foreground">
        {`${today === 0 ? "No call today" : `${today} today`}, ${calls.length - today} later this week.`}
      </p>
      <ul className="grid gap-2">
        {calls.map((c) => (
          <li key={c.id} className="grid gap-0.5">
            <span className="text-sm tabular-nums">
              {c.today && <Badge className="mr-2">today</Badge>}
              {callTime(c.startsAt)}
            </span>
            <span>
              <Link to={`/studio/leads/${c.leadId}`} className={link}>
                {c.name}
              </Link>
              <span className="text-sm"> — {c.topic}</span>
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** "5 minutes", "1 hour": a backup interval as the owner reads it. */
function every(ms: number) {
  const minutes = Math.round(ms / 60_000);
  return minutes % 60 === 0
    ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}`
    : `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Backups behind (none for more than two intervals): a lost disk would now lose more than the owner expects. */
function BackupWarning({ backup }: { backup: NonNullable<Route.ComponentProps["loaderData"]["backup"]> }) {
  return (
    <div
      role="alert"
      className="grid gap-1 rounded-md border border-destructive p-4"
      data-testid="backup-warning"
    >
      <p className="font-semibold">
        {backup.lastAt
          ? `Backups have stopped: the last one was taken ${formatTime(backup.lastAt)}, more than two intervals of ${every(backup.intervalMs)} ago.`
          : `No backup has been taken yet: they should come every ${every(backup.intervalMs)}.`}
      </p>
      <p className="text-sm">
        A lost disk now takes every lead, quote and payment since the last backup with it. The server&apos;s
        log says why (&ldquo;backup failed&rdquo;); the backups go to <code>{backup.dir}</code>.
      </p>
    </div>
  );
}

type Data = Route.ComponentProps["loaderData"];

function Money({ money, balances, quotesOut }: Pick<Data, "money" | "balances" | "quotesOut">) {
  const accounting = (p: { from: string; to: string }) => `/studio/accounting?from=${p.from}&to=${p.to}`;
  return (
    <section aria-labelledby="money">
      <h2 id="money" className="sr-only">
        Money
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="home-money">
        <Figure
          label="Received this month"
          value={cad(money.thisMonth.cents)}
          note={`Less refunds, ${money.thisMonth.period.from} to ${money.thisMonth.period.to}`}
          to={accounting(money.thisMonth.period)}
        />
        <Figure
          label="Received last month"
          value={cad(money.lastMonth.cents)}
          note={`Less refunds, ${money.lastMonth.period.from} to ${money.lastMonth.period.to}`}
          to={accounting(money.lastMonth.period)}
        />
        <Figure
          label="Balances due"
          value={cad(balances.cents)}
          note={
            balances.count === 0
              ? "No balance requested"
              : `${balances.count} requested, ${balances.overdueCount} overdue (${cad(balances.overdueCents)})`
          }
          to="/studio/payments"
        />
        <Figure
          label="Quotes out"
          value={cad(quotesOut.cents)}
          note={`${quotesOut.count} open quote${quotesOut.count === 1 ? "" : "s"}`}
          to="/studio/inbox?status=quoted"
        />
      </dl>
    </section>
  );
}

/** The care plans' figures: what they bring each month, what renewed this week, what did not. */
function Plans({ plans }: Pick<Data, "plans">) {
  return (
    <section aria-labelledby="plans-figures">
      <h2 id="plans-figures" className="mb-2 text-sm font-semibold text-muted-foreground">
        Care plans
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="home-plans">
        <Figure
          label="Monthly recurring revenue"
          value={cad(plans.mrrCents)}
          note={`${plans.plans} plan${plans.plans === 1 ? "" : "s"} billing, before tax`}
          to="/studio/plans"
        />
        <Figure
          label="Renewals this week"
          value={String(plans.renewalsThisWeek)}
          note={`${cad(plans.renewedCentsThisWeek)} paid in the last 7 days`}
          to="/studio/plans"
        />
        <Figure
          label="Failed payments"
          value={String(plans.failed)}
          note={plans.failed === 0 ? "Every plan is paid" : "Waiting for the client's new card"}
          to="/studio/plans?state=past_due"
        />
      </dl>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { calls, money, balances, quotesOut, plans, groups, quiet, limit, backup } = loaderData;
  const quietLine = [...(calls.length === 0 ? ["no call this week"] : []), ...quiet];
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Needs attention today</h1>
        <span className="flex gap-4">
          <Link to="/studio/inbox" className={`text-sm ${link}`}>
            All leads in the inbox
          </Link>
        </span>
      </div>
      {backup && <BackupWarning backup={backup} />}
      {/* Most urgent first: the lists with urgent items, then the calls and the figures. */}
      {groups
        .filter((g) => g.urgent > 0)
        .map((g) => (
          <AttentionList key={g.id} group={g} limit={limit} />
        ))}
      {calls.length > 0 && <Calls calls={calls} />}
      <Money money={money} balances={balances} quotesOut={quotesOut} />
      <Plans plans={plans} />
      <div className="grid gap-4 lg:grid-cols-2">
        {groups
          .filter((g) => g.urgent === 0)
          .map((g) => (
            <AttentionList key={g.id} group={g} limit={limit} />
          ))}
      </div>
      {quietLine.length > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="home-quiet">
          Nothing else: {quietLine.join(", ")}.
        </p>
      )}
    </div>
  );
}
