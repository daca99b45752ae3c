import { data, Form, Link, useNavigation } from "react-router";

import { CheckboxField } from "~/components/form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { readFormPost } from "~/lib/form-post";

import type { Route } from "./+types/calls";
import { formatTime, requireStudio, studioMeta } from "./guard";
import { callerName, callStatusLabel, UNVERIFIED_EMAIL, unverifiedHint } from "./labels";
import { ActionMessage, Section, Table } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Calls");

export async function loader({ context }: Route.LoaderArgs) {
  const { bookings } = requireStudio(context);
  const [agenda, calendars] = await Promise.all([bookings.agenda(), bookings.calendars.list()]);
  // Said here too, where the studio looks daily: a calendar that cannot be read blocks or risks slots.
  return { ...agenda, calendarsFailing: calendars.filter((c) => c.state !== "ok").map((c) => c.label) };
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
        : form.intent === "no-show"
          ? await bookings.markNoShow(id, user)
          : ({ ok: false, status: 400, error: "Unknown action." } as const);
  const done = {
    cancel: "Call cancelled: the visitor is emailed.",
    held: "Call marked held.",
    "no-show": "Call marked a no-show.",
  }[String(form.intent) as "cancel" | "held" | "no-show"];
  return result.ok
    ? { id, error: undefined, done }
    : data({ id, error: result.error, done: undefined }, { status: result.status });
}

type Call = Route.ComponentProps["loaderData"]["upcoming"][number];

/**
 * When and with whom, linked to the lead (name, company and topic are what the visitor typed on
 * /book). A typed address is marked not verified, with the lead's own name when it differs.
 * A function's fragment, not a component, so the table sees these cells and labels them for a phone.
 */
function whoCells(call: Call) {
  const lead = `${call.first_name} ${call.last_name}`.trim();
  return (
    <>
      <td className="px-2 py-2 whitespace-nowrap">
        <time dateTime={call.starts_at}>{formatTime(call.starts_at)}</time>
      </td>
      <td className="px-2 py-2">
        <Link to={`/studio/leads/${call.lead_id}`} className="text-primary underline underline-offset-4">
          {callerName(call)}
        </Link>
        {call.identity !== "client" && (
          <span className="mt-1 block text-xs" title={unverifiedHint}>
            <Badge variant="outline">{UNVERIFIED_EMAIL}</Badge>
            {call.visitor_name && call.visitor_name !== lead && (
              <span className="ml-1 text-muted-foreground">lead: {lead}</span>
            )}
          </span>
        )}
      </td>
      <td className="px-2 py-2">{call.company ?? "—"}</td>
      <td className="px-2 py-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{call.topic}</td>
    </>
  );
}

export default function Calls({ loaderData, actionData }: Route.ComponentProps) {
  const { upcoming, recent, now, calendarsFailing } = loaderData;
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
          Booking settings, calendars and feed
        </Link>
      </div>
      <p className="text-sm">
        Times are Vancouver time. Visitors book 30-minute discovery calls on the /book page.
      </p>
      {calendarsFailing.length > 0 && (
        <p role="status" className="rounded-md border border-destructive p-3 text-sm">
          {calendarsFailing.length === 1 ? "A calendar cannot" : "Some calendars cannot"} be read (
          {calendarsFailing.join(", ")}): see{" "}
          <Link to="/studio/calls/settings#calendars" className="font-semibold text-primary underline">
            Your calendars
          </Link>
          .
        </p>
      )}

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
                {whoCells(c)}
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
                          with {callerName(c)}, {formatTime(c.starts_at)}
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
                {whoCells(c)}
                <td className="px-2 py-2">
                  {c.status === "booked" ? (
                    <HeldForm call={c} busy={busy} />
                  ) : (
                    <div className="grid justify-items-start gap-2">
                      <Badge variant="outline">{callStatusLabel(c)}</Badge>
                      {c.status === "held" && <OutcomeButton call={c} intent="no-show" busy={busy} />}
                    </div>
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

/** A call that has started: the studio records whether it took place. */
function HeldForm({ call, busy }: { call: Call; busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <OutcomeButton call={call} intent="held" busy={busy} />
      <OutcomeButton call={call} intent="no-show" busy={busy} />
    </div>
  );
}

function OutcomeButton({ call, intent, busy }: { call: Call; intent: "held" | "no-show"; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="bookingId" value={call.id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {intent === "held" ? "Mark held" : "Mark no-show"}{" "}
        <span className="sr-only">
          : {callerName(call)}, {formatTime(call.starts_at)}
        </span>
      </Button>
    </Form>
  );
}
