import { data, Form, Link, useNavigation } from "react-router";

import { Field } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { readFormPost } from "~/lib/form-post";
import { formatCalendarDate } from "~/lib/site-time";

import type { Route } from "./+types/call-settings";
import { formatTime, requireStudio, studioMeta } from "./guard";
import { FORM_WEEKDAYS } from "./labels";
import { ActionMessage, Section, Table } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Call availability");

export async function loader({ context }: Route.LoaderArgs) {
  const { bookings, feeds } = requireStudio(context);
  const [settings, live] = await Promise.all([bookings.readSettings(), feeds.list()]);
  return { settings, feeds: live };
}

type ActionResult = { intent: string; error?: string; done?: string; url?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { bookings, feeds, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const intent = String(form.intent ?? "");
  const answer = (r: { ok: true } | { ok: false; status: number; error: string }, done: string) =>
    r.ok
      ? ({ intent, done } satisfies ActionResult)
      : data({ intent, error: r.error } satisfies ActionResult, { status: r.status });
  switch (intent) {
    case "availability":
      return answer(await bookings.saveAvailability(form, user), "Availability saved.");
    case "day-off-add":
      return answer(await bookings.setDayOff(form.date, true, user), "Day off added.");
    case "day-off-remove":
      return answer(await bookings.setDayOff(form.date, false, user), "Day off removed.");
    case "feed-create":
      return { intent, url: await feeds.create(user), done: "Feed created." } satisfies ActionResult;
    case "feed-revoke":
      return answer(
        (await feeds.revoke(String(form.feedId ?? "")))
          ? { ok: true }
          : { ok: false, status: 404, error: "That feed is already revoked." },
        "Feed revoked: its URL no longer answers.",
      );
    case "feed-rotate": {
      const url = await feeds.rotate(String(form.feedId ?? ""), user);
      return url
        ? ({ intent, url, done: "Feed replaced: the old URL no longer answers." } satisfies ActionResult)
        : data({ intent, error: "That feed is already revoked." } satisfies ActionResult, { status: 404 });
    }
    default:
      return data({ intent, error: "Unknown action." } satisfies ActionResult, { status: 400 });
  }
}

const rangesText = (ranges: readonly (readonly [string, string])[]) =>
  ranges.map(([a, b]) => `${a}-${b}`).join(", ");

export default function CallSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, feeds } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = actionData as ActionResult | undefined;
  const outcome = (...intents: string[]) =>
    result && intents.includes(result.intent) ? (
      <ActionMessage error={result.error} done={result.done} />
    ) : null;
  return (
    <div className="grid gap-8">
      <p>
        <Link to="/studio/calls" className="text-sm text-primary underline-offset-4 hover:underline">
          Back to the calls
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Call availability</h1>

      <Section id="hours" title="Weekly hours">
        <Form method="post" className="grid max-w-xl gap-4">
          <input type="hidden" name="intent" value="availability" />
          <p id="hours-hint" className="text-sm">
            Vancouver time, on the hour or the half hour; several ranges separated by commas (09:00-12:00,
            13:00-17:00); empty for no calls that day.
          </p>
          {FORM_WEEKDAYS.map((d) => (
            <Field
              key={d.key}
              id={`hours-${d.key}`}
              label={d.label}
              className="gap-1.5 sm:grid-cols-[8rem_1fr] sm:items-center"
            >
              <Input
                name={d.key}
                defaultValue={rangesText(settings.weeklyHours[d.key])}
                maxLength={200}
                aria-describedby="hours-hint"
              />
            </Field>
          ))}
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="min-notice" label="Minimum notice (hours)" className="gap-1.5">
              <Input
                name="minNoticeHours"
                type="number"
                min={0}
                max={720}
                required
                defaultValue={Math.round(settings.minNoticeMinutes / 60)}
              />
            </Field>
            <Field id="buffer" label="Buffer between calls (minutes)" className="gap-1.5">
              <Input
                name="bufferMinutes"
                type="number"
                min={0}
                max={240}
                required
                defaultValue={settings.bufferMinutes}
              />
            </Field>
            <Field id="daily-max" label="Most calls a day" className="gap-1.5">
              <Input
                name="dailyMax"
                type="number"
                min={1}
                max={48}
                required
                defaultValue={settings.dailyMax}
              />
            </Field>
          </div>
          {outcome("availability")}
          <Button type="submit" disabled={busy} className="justify-self-start">
            Save availability
          </Button>
        </Form>
      </Section>

      <Section id="days-off" title="Days off">
        {settings.daysOff.length === 0 ? (
          <p>No day off is set.</p>
        ) : (
          <ul className="grid gap-2">
            {settings.daysOff.map((day) => (
              <li key={day} className="flex flex-wrap items-center gap-3">
                <span>{formatCalendarDate(day)}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="day-off-remove" />
                  <input type="hidden" name="date" value={day} />
                  <Button type="submit" size="sm" variant="outline" disabled={busy}>
                    Remove <span className="sr-only">{formatCalendarDate(day)}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="day-off-add" />
          <Field id="day-off" label="Day off (Vancouver date)" className="gap-1.5">
            <Input name="date" type="date" required />
          </Field>
          <Button type="submit" variant="outline" disabled={busy}>
            Add day off
          </Button>
        </Form>
        {outcome("day-off-add", "day-off-remove")}
      </Section>

      <Section id="feed" title="Calendar feed">
        <p className="max-w-2xl text-sm">
          A private address to subscribe to in Google Calendar (From URL), Apple Calendar (New Calendar
          Subscription) or Outlook (Subscribe from web). It lists booked and held calls with the
          visitor&apos;s name, topic and a link to the lead. Anyone with the address can read it: revoke or
          replace it if it leaks.
        </p>
        {result?.url && (
          <div role="status" className="max-w-2xl rounded-md border p-4">
            <Field id="feed-url" label="Feed address (shown once: copy it now)" className="gap-1.5">
              <Input
                readOnly
                value={result.url}
                className="font-mono"
                onFocus={(e) => e.currentTarget.select()}
              />
            </Field>
          </div>
        )}
        {feeds.length === 0 ? (
          <p>No feed is active.</p>
        ) : (
          <Table className="min-w-[32rem]" caption="Active calendar feeds" headers={["Created", "By", ""]}>
            {feeds.map((f) => (
              <tr key={f.id} className="border-b">
                <td className="px-2 py-2 whitespace-nowrap">{formatTime(f.created_at)}</td>
                <td className="px-2 py-2">{f.created_by}</td>
                <td className="flex flex-wrap gap-2 px-2 py-2">
                  {(["feed-rotate", "feed-revoke"] as const).map((intent) => (
                    <Form method="post" key={intent}>
                      <input type="hidden" name="intent" value={intent} />
                      <input type="hidden" name="feedId" value={f.id} />
                      <Button
                        type="submit"
                        size="sm"
                        variant={intent === "feed-revoke" ? "destructive" : "outline"}
                        disabled={busy}
                      >
                        {intent === "feed-revoke" ? "Revoke" : "Replace"}{" "}
                        <span className="sr-only">the feed created {formatTime(f.created_at)}</span>
                      </Button>
                    </Form>
                  ))}
                </td>
              </tr>
            ))}
          </Table>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="feed-create" />
          <Button type="submit" disabled={busy}>
            Create a feed address
          </Button>
        </Form>
        {outcome("feed-create", "feed-revoke", "feed-rotate")}
      </Section>
    </div>
  );
}
