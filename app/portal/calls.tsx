import { formatSiteDateTimeWithZone } from "~/lib/site-time";

import type { Route } from "./+types/calls";
import { portalMeta, requireClient } from "./guard";

export const meta: Route.MetaFunction = () => portalMeta("Calls");

export async function loader({ context }: Route.LoaderArgs) {
  const { view, client } = requireClient(context);
  return await view.calls(client);
}

const STATUS: Record<string, string> = {
  booked: "Booked",
  held: "Held",
  "no-show": "Missed",
  cancelled: "Cancelled",
};

/** The client's calls; booking from here is recorded as theirs (the /book page reads the portal session). */
export default function PortalCalls({ loaderData }: Route.ComponentProps) {
  const { upcoming, past } = loaderData;
  return (
    <div className="grid gap-6">
      <h1 className="font-heading text-2xl font-bold">Calls</h1>
      <p>
        <a
          className="inline-flex min-h-10 items-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground"
          href="/book"
        >
          Book a call
        </a>
      </p>
      <section aria-labelledby="upcoming" className="grid gap-2">
        <h2 id="upcoming" className="font-heading text-lg font-semibold">
          Upcoming
        </h2>
        {upcoming.length === 0 ? <p>No call booked.</p> : <CallList calls={upcoming} />}
      </section>
      <section aria-labelledby="past" className="grid gap-2">
        <h2 id="past" className="font-heading text-lg font-semibold">
          Past
        </h2>
        {past.length === 0 ? <p>None yet.</p> : <CallList calls={past} />}
      </section>
    </div>
  );
}

function CallList({
  calls,
}: {
  calls: { id: string; starts_at: string; status: string; topic: string; manageHref: string | null }[];
}) {
  return (
    <ul className="grid gap-2">
      {calls.map((c) => (
        <li
          key={c.id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md border bg-card p-3"
        >
          <span className="grid">
            <span className="font-semibold">{formatSiteDateTimeWithZone(c.starts_at)}</span>
            <span className="text-sm break-words text-muted-foreground">
              {STATUS[c.status] ?? c.status} · {c.topic}
            </span>
          </span>
          {c.manageHref && (
            <a
              className="inline-flex min-h-10 items-center text-sm font-semibold underline underline-offset-4"
              href={c.manageHref}
            >
              Move or cancel
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
