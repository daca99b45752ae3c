import { Link, redirect } from "react-router";

import { Badge } from "~/components/ui/badge";

import type { Route } from "./+types/home";
import { formatTime, requireStudio, studioMeta } from "./guard";
import { Section } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Needs attention");

/** The studio's home: what needs doing now. The inbox moved to /studio/inbox; its old filtered links still lead there. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { attention } = requireStudio(context);
  const { search } = new URL(request.url);
  if (search) throw redirect(`/studio/inbox${search}`);
  return attention.load();
}

type Item = Awaited<ReturnType<typeof loader>>["leads"][number];

/** A list's count in words, with how many of them are urgent; a full list says it may hold more. */
function countText(items: Item[], noun: [string, string], urgent: string, limit: number) {
  const n = items.length;
  const late = items.filter((i) => i.urgent).length;
  return `${n >= limit ? `The first ${n}` : n} ${n === 1 ? noun[0] : noun[1]}${late > 0 ? `, ${late} ${urgent}` : ""}.`;
}

type ListProps = {
  id: string;
  title: string;
  items: Item[];
  noun: [string, string];
  urgent: string;
  empty: string;
  limit: number;
};

function AttentionList({ id, title, items, noun, urgent, empty, limit }: ListProps) {
  return (
    <Section id={id} title={title} className="rounded-md border p-4">
      <p className="text-sm text-muted-foreground">
        {items.length === 0 ? empty : countText(items, noun, urgent, limit)}
      </p>
      {items.length > 0 && (
        <ul className="grid gap-2">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <Link
                to={`/studio/leads/${item.leadId}`}
                className="font-semibold text-primary underline-offset-4 hover:underline"
              >
                {item.name}
              </Link>
              {item.urgent && <Badge variant="destructive">{urgent}</Badge>}
              <span className="text-sm">{item.detail}</span>
            </li>
          ))}
        </ul>
      )}
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

export default function Home({ loaderData }: Route.ComponentProps) {
  const { leads, quotes, balances, refunds, emails, plans, limit, backup } = loaderData;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Needs attention</h1>
        <Link
          to="/studio/inbox"
          className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          All leads in the inbox
        </Link>
      </div>
      {backup && <BackupWarning backup={backup} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <AttentionList
          id="waiting"
          title="Leads waiting for a reply"
          items={leads}
          noun={["lead is New", "leads are New"]}
          urgent="past 24 hours"
          empty="No lead waits for a reply."
          limit={limit}
        />
        <AttentionList
          id="quotes"
          title="Quotes awaiting acceptance"
          items={quotes}
          noun={["quote is open", "quotes are open"]}
          urgent="expiring soon"
          empty="No quote awaits acceptance."
          limit={limit}
        />
        <AttentionList
          id="balances"
          title="Balances due"
          items={balances}
          noun={["balance is due", "balances are due"]}
          urgent="overdue"
          empty="No balance is due."
          limit={limit}
        />
        <AttentionList
          id="refunds"
          title="Payments to refund"
          items={refunds}
          noun={["payment needs a refund", "payments need a refund"]}
          urgent="refund"
          empty="No payment needs a refund."
          limit={limit}
        />
        <AttentionList
          id="plans-past-due"
          title="Care plans not paid"
          items={plans}
          noun={["care plan renewal failed", "care plan renewals failed"]}
          urgent="failed"
          empty="Every care plan is paid."
          limit={limit}
        />
        <AttentionList
          id="undeliverable"
          title="Emails not delivered"
          items={emails}
          noun={["email was not delivered", "emails were not delivered"]}
          urgent="failed"
          empty="Every email was delivered."
          limit={limit}
        />
      </div>
    </div>
  );
}
