import { data, Form, Link, useNavigation } from "react-router";

import { CheckboxField } from "~/components/form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { readFormPost } from "~/lib/form-post";

import type { Route } from "./+types/calls";
import { formatTime, requireStudio, studioMeta } from "./guard";
import { callStatusLabel } from "./labels";
import { ActionMessage, Section, Table } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Calls");

export async function loader({ context }: Route.LoaderArgs) {
  const { bookings } = requireStudio(context);
  return bookings.agenda();
}

export async function action({ request, context }: Route.ActionArgs) {
  const { bookings, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const id = String(form.bookingId ?? "");
  const result =
    form.intent === "cancel"
      ? await bookings.cancel(id, form.confirm, user)
      : form.intent === "held"
        ? await bookings.markHeld(id, user)
        : ({ ok: false, status: 400, error: "Unknown action." } as const);
  return result.ok
    ? {
        id,
        error: undefined,
        done: form.intent === "cancel" ? "Call cancelled: the visitor is emailed." : "Call marked held.",
      }
    : data({ id, error: result.error, done: undefined }, { status: result.status });
}

type Call = Route.ComponentProps["loaderData"]["upcoming"][number];

/** When and with whom, linked to the lead (company and topic are what the visitor typed on /book). */
function Who({ call }: { call: Call }) {
  return (
    <>
      <td className="px-2 py-2 whitespace-nowrap">
        <time dateTime={call.starts_at}>{formatTime(call.starts_at)}</time>
      </td>
      <td className="px-2 py-2">
        <Link to={`/studio/leads/${call.lead_id}`} className="text-primary underline underline-offset-4">
          {call.first_name} {call.last_name}
        </Link>
      </td>
      <td className="px-2 py-2">{call.company ?? "—"}</td>
      <td className="px-2 py-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{call.topic}</td>
    </>
  );
}

export default function Calls({ loaderData, actionData }: Route.ComponentProps) {
  const { upcoming, recent, now } = loaderData;
  const busy = useNavigation().state === "submitting";
  const message = (id: string) =>
    actionData?.id === id ? <ActionMessage error={actionData.error} done={actionData.done} /> : null;
  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Calls</h1>
        <Link
          to="/studio/calls/settings"
          className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          Availability and calendar feed
        </Link>
      </div>
      <p className="text-sm">
        Times are Vancouver time. Visitors book 30-minute discovery calls on the /book page.
      </p>

      <Section id="upcoming" title="Upcoming">
        {upcoming.length === 0 ? (
          <p>No call is booked.</p>
        ) : (
          <Table
            className="min-w-[48rem]"
            caption="Upcoming calls, soonest first"
            headers={["When", "With", "Company", "Topic", ""]}
          >
            {upcoming.map((c) => (
              <tr key={c.id} className="border-b align-top">
                <Who call={c} />
                <td className="px-2 py-2">
                  {c.starts_at <= now ? (
                    <HeldForm call={c} busy={busy} />
                  ) : (
                    <Form method="post" className="grid gap-2">
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="bookingId" value={c.id} />
                      <CheckboxField
                        id={`confirm-${c.id}`}
                        name="confirm"
                        value="yes"
                        required
                        className="text-sm"
                        label="Email the visitor that it is off"
                      />
                      <Button
                        type="submit"
                        size="sm"
                        variant="destructive"
                        disabled={busy}
                        className="justify-self-start"
                      >
                        Cancel call{" "}
                        <span className="sr-only">
                          with {c.first_name} {c.last_name}, {formatTime(c.starts_at)}
                        </span>
                      </Button>
                    </Form>
                  )}
                  {message(c.id)}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section id="recent" title="Recent and cancelled">
        {recent.length === 0 ? (
          <p>No call in the last 30 days.</p>
        ) : (
          <Table
            className="min-w-[48rem]"
            caption="Calls of the last 30 days and cancellations, latest first"
            headers={["When", "With", "Company", "Topic", "State"]}
          >
            {recent.map((c) => (
              <tr key={c.id} className="border-b align-top">
                <Who call={c} />
                <td className="px-2 py-2">
                  {c.status === "booked" ? (
                    <HeldForm call={c} busy={busy} />
                  ) : (
                    <Badge variant="outline">{callStatusLabel(c)}</Badge>
                  )}
                  {message(c.id)}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </div>
  );
}

/** A call that has started: the studio records that it took place. */
function HeldForm({ call, busy }: { call: Call; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="held" />
      <input type="hidden" name="bookingId" value={call.id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        Mark held{" "}
        <span className="sr-only">
          : {call.first_name} {call.last_name}, {formatTime(call.starts_at)}
        </span>
      </Button>
    </Form>
  );
}
