import { Plus, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";

import { Field, FieldError } from "~/components/form";
import { useHydrated } from "~/components/form/use-hydrated";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { spanText } from "~/content/booking";
import { readFormPost } from "~/lib/form-post";
import { formatCalendarDate } from "~/lib/site-time";
import {
  BUFFER_CHOICES,
  clockLabel,
  CUTOFF_CHOICES,
  HALF_HOURS,
  MAX_RANGES,
  NOTICE_CHOICES,
  rangeField,
} from "~/shared/booking-settings-form";

import type { Route } from "./+types/call-settings";
import { formatTime, requireStudio, studioMeta } from "./guard";
import { calendarStateText, FORM_WEEKDAYS } from "./labels";
import { ActionMessage, PostForm, Section, Subpage, Table, wideOnly } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Booking settings");

export async function loader({ context }: Route.LoaderArgs) {
  const { bookings, feeds } = requireStudio(context);
  const [settings, live, calendars] = await Promise.all([
    bookings.readSettings(),
    feeds.list(),
    bookings.calendars.list(),
  ]);
  return { settings, feeds: live, calendars, now: new Date().toISOString() };
}

type ActionResult = {
  intent: string;
  error?: string;
  done?: string;
  url?: string;
  fieldErrors?: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { bookings, feeds, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const intent = String(form.intent ?? "");
  const answer = (
    r: { ok: true } | { ok: false; status: number; error: string; fieldErrors?: Record<string, string> },
    done: string,
  ) =>
    r.ok
      ? ({ intent, done } satisfies ActionResult)
      : data({ intent, error: r.error, fieldErrors: r.fieldErrors } satisfies ActionResult, {
          status: r.status,
        });
  switch (intent) {
    case "availability":
      return answer(
        await bookings.saveAvailability(form, user),
        "Booking settings saved: /book uses them now.",
      );
    case "day-off-add":
      return answer(await bookings.setDayOff(form.date, true, user), "Day off added.");
    case "day-off-remove":
      return answer(await bookings.setDayOff(form.date, false, user), "Day off removed.");
    case "calendar-add": {
      const r = await bookings.calendars.add(form, user);
      return r.ok
        ? ({ intent, done: "Calendar connected: its busy times now block slots." } satisfies ActionResult)
        : data({ intent, error: r.error } satisfies ActionResult, { status: 400 });
    }
    case "calendar-remove":
      return answer(
        (await bookings.calendars.remove(String(form.sourceId ?? "")))
          ? { ok: true }
          : { ok: false, status: 404, error: "That calendar is already removed." },
        "Calendar removed: its busy times no longer block slots.",
      );
    case "calendar-refresh":
      await bookings.calendars.refreshAll();
      return { intent, done: "Calendars read again." } satisfies ActionResult;
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

type Data = Route.ComponentProps["loaderData"];

/** A picker's options in minutes, the stored value among them even when it is not a usual choice. */
const durationOptions = (choices: readonly number[], current: number) =>
  [...new Set([...choices, current])]
    .sort((a, b) => a - b)
    .map((m) => ({ value: String(m), label: m === 0 ? "None" : spanText(m) }));

const fromOptions = HALF_HOURS.filter((t) => t !== "24:00").map((t) => ({ value: t, label: clockLabel(t) }));
const toOptions = HALF_HOURS.filter((t) => t !== "00:00").map((t) => ({ value: t, label: clockLabel(t) }));

export default function CallSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, feeds, calendars } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = actionData as ActionResult | undefined;
  const outcome = (...intents: string[]) =>
    result && intents.includes(result.intent) ? (
      <ActionMessage error={result.error} done={result.done} />
    ) : null;
  const fieldError = (id: string) =>
    result?.intent === "availability" ? result.fieldErrors?.[id] : undefined;
  // A picker of minutes, its stored value chosen.
  const duration = (
    id: string,
    label: string,
    value: number,
    choices: readonly number[],
    { hint, className = "gap-1.5" }: { hint?: string; className?: string } = {},
  ) => (
    <Field id={id} label={label} hint={hint} error={fieldError(id)} className={className}>
      <Select name={id} defaultValue={String(value)} options={durationOptions(choices, value)} />
    </Field>
  );
  return (
    <Subpage back={{ to: "/studio/calls", label: "Back to the calls" }} title="Booking settings">
      <Section id="hours" title="When visitors can book">
        <PostForm
          className="grid max-w-2xl gap-6"
          hidden={{ intent: "availability" }}
          result={result?.intent === "availability" ? result : undefined}
          submit="Save settings"
        >
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm">
              Weekly hours, Vancouver time. A day with no hours takes no calls.
            </legend>
            {FORM_WEEKDAYS.map((d) => (
              <DayHours
                key={d.key}
                day={d.key}
                label={d.label}
                initial={settings.weeklyHours[d.key]}
                error={fieldError(`hours-${d.key}`)}
              />
            ))}
          </fieldset>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            {duration("min-notice", "Minimum notice", settings.minNoticeMinutes, NOTICE_CHOICES, {
              hint: "How soon a call can be booked.",
              className: "content-start gap-1.5",
            })}
            {duration("buffer", "Buffer between calls", settings.bufferMinutes, BUFFER_CHOICES)}
            {duration("cutoff", "Cut-off for moving or cancelling", settings.cutoffMinutes, CUTOFF_CHOICES, {
              hint: "Closer to the call, visitors are asked to email or phone instead.",
            })}
            <Field
              id="daily-max"
              label="Most calls a day"
              error={fieldError("daily-max")}
              className="gap-1.5"
            >
              <Input
                name="daily-max"
                type="number"
                min={1}
                max={48}
                required
                defaultValue={settings.dailyMax}
              />
            </Field>
            <div className="sm:col-span-2">
              <Field
                id="video-link"
                label="Video call link"
                hint="Sent in the confirmation, the reminders and the calendar invitation (Google Meet, Zoom, …)."
                error={fieldError("video-link")}
                className="gap-1.5"
              >
                <Input
                  name="video-link"
                  type="url"
                  inputMode="url"
                  placeholder="https://meet.google.com/…"
                  maxLength={500}
                  defaultValue={settings.videoLink ?? ""}
                />
              </Field>
            </div>
          </div>
        </PostForm>
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

      <Calendars calendars={calendars} now={loaderData.now} busy={busy} outcome={outcome} />

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
          <Table
            caption="Active calendar feeds"
            headers={["Created", { label: "By", className: wideOnly }, ""]}
          >
            {feeds.map((f) => (
              <tr key={f.id} className="border-b">
                <td className="px-2 py-2">
                  <span className="whitespace-nowrap">{formatTime(f.created_at)}</span>
                  {/* On a phone, who made it goes under the date rather than in a column of its own. */}
                  <span className="block break-all text-muted-foreground md:hidden">{f.created_by}</span>
                </td>
                <td className={`px-2 py-2 break-all ${wideOnly}`}>{f.created_by}</td>
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
    </Subpage>
  );
}

/**
 * One weekday's hours: a row of two half-hour pickers per range. With JavaScript, ranges are
 * added and removed in place; without it, a closed day shows one empty row to open it, and a
 * range is removed by choosing "—" for both ends.
 */
function DayHours({
  day,
  label,
  initial,
  error,
}: {
  day: string;
  label: string;
  initial: readonly (readonly [string, string])[];
  error?: string;
}) {
  const hydrated = useHydrated();
  const [ranges, setRanges] = useState<[string, string][]>(() => initial.map(([a, b]) => [a, b]));
  const rows: [string, string][] = ranges.length === 0 && !hydrated ? [["", ""]] : ranges;
  const errorId = `hours-${day}-error`;
  return (
    <div
      role="group"
      aria-labelledby={`hours-${day}-label`}
      className="grid gap-2 border-b pb-3 sm:grid-cols-[7rem_1fr] sm:items-start"
    >
      <span id={`hours-${day}-label`} className="pt-2 font-semibold">
        {label}
      </span>
      <div className="grid gap-2">
        {rows.length === 0 && <p className="pt-2 text-sm text-muted-foreground">No calls</p>}
        {rows.map(([from, to], i) => (
          <div key={i} className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor={`hours-${day}-${i}-from`}>
              {label}, hours {i + 1} from
            </label>
            <Select
              id={`hours-${day}-${i}-from`}
              name={rangeField(day, i, "from")}
              value={from}
              onChange={(e) => setRanges(ranges.map((r, j) => (j === i ? [e.target.value, r[1]] : r)))}
              placeholder="—"
              options={fromOptions}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="w-32 pr-8"
            />
            <span aria-hidden="true">to</span>
            <label className="sr-only" htmlFor={`hours-${day}-${i}-to`}>
              {label}, hours {i + 1} to
            </label>
            <Select
              id={`hours-${day}-${i}-to`}
              name={rangeField(day, i, "to")}
              value={to}
              onChange={(e) => setRanges(ranges.map((r, j) => (j === i ? [r[0], e.target.value] : r)))}
              placeholder="—"
              options={toOptions}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="w-32 pr-8"
            />
            {hydrated && (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="px-2"
                onClick={() => setRanges(ranges.filter((_, j) => j !== i))}
              >
                <X aria-hidden />
                <span className="sr-only">
                  Remove {label}, hours {i + 1}
                </span>
              </Button>
            )}
          </div>
        ))}
        {hydrated && ranges.length < MAX_RANGES && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="justify-self-start px-2 text-primary"
            onClick={() => {
              const last = ranges.at(-1)?.[1];
              const start = last && last < "23:00" ? last : "09:00";
              const end = HALF_HOURS[Math.min(HALF_HOURS.indexOf(start) + 2, 48)]!;
              setRanges([...ranges, [start, end]]);
            }}
          >
            <Plus aria-hidden />
            {ranges.length === 0 ? "Add hours" : "Add more hours"}
            <span className="sr-only"> on {label}</span>
          </Button>
        )}
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    </div>
  );
}

/** The studio's own calendars: each one's state, removing one, reading them now, connecting another. */
function Calendars({
  calendars,
  now,
  busy,
  outcome,
}: {
  calendars: Data["calendars"];
  now: string;
  busy: boolean;
  outcome: (...intents: string[]) => React.ReactNode;
}) {
  return (
    <Section id="calendars" title="Your calendars">
      <p className="max-w-2xl text-sm">
        Busy times in these calendars remove the slots they overlap. They are read again every few minutes; if
        one cannot be read, its last copy is used for an hour, then no slot is offered until it is read again.
      </p>
      {calendars.length === 0 ? (
        <p>No calendar is connected.</p>
      ) : (
        <ul className="grid max-w-2xl gap-3">
          {calendars.map((c) => (
            <li key={c.id} className="grid gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{c.label}</span>
                <span className="text-sm text-muted-foreground">
                  {c.kind === "caldav" ? "CalDAV" : "ICS address"} · {c.host}
                </span>
                <Badge variant={c.state === "ok" ? "outline" : "destructive"}>
                  {c.state === "ok" ? "Working" : c.state === "failing" ? "Failing" : "Blocking bookings"}
                </Badge>
              </div>
              <p className="text-sm" data-testid="calendar-state">
                {calendarStateText(c, now)}
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="calendar-remove" />
                <input type="hidden" name="sourceId" value={c.id} />
                <Button type="submit" size="sm" variant="outline" disabled={busy}>
                  Remove <span className="sr-only">{c.label}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {calendars.length > 0 && (
        <Form method="post">
          <input type="hidden" name="intent" value="calendar-refresh" />
          <Button type="submit" variant="outline" disabled={busy}>
            Check calendars now
          </Button>
        </Form>
      )}
      {outcome("calendar-remove", "calendar-refresh")}
      <AddCalendar
        kind="caldav"
        title="Connect a CalDAV calendar"
        note="Fastmail, iCloud, Nextcloud, Radicale and others: the calendar's (or the server's) address, your user name and an app password made for this site. They are stored encrypted."
        submit="Connect"
      >
        <Field id="caldav-label" label="Name" className="gap-1.5">
          <Input name="label" required maxLength={60} placeholder="Work calendar" />
        </Field>
        <Field id="caldav-url" label="Address" className="gap-1.5">
          <Input name="url" type="url" required maxLength={2000} placeholder="https://caldav.fastmail.com/" />
        </Field>
        <Field id="caldav-user" label="User name" className="gap-1.5">
          <Input name="username" required maxLength={200} autoComplete="off" />
        </Field>
        <Field id="caldav-password" label="App password" className="gap-1.5">
          <Input name="password" type="password" required maxLength={500} autoComplete="new-password" />
        </Field>
      </AddCalendar>
      <AddCalendar
        kind="ics"
        title="Add a calendar address (ICS)"
        note="A read-only address ending in .ics, such as a Google calendar's secret address in iCal format. It is stored encrypted."
        submit="Add"
      >
        <Field id="ics-label" label="Name" className="gap-1.5">
          <Input name="label" required maxLength={60} placeholder="Family" />
        </Field>
        <Field id="ics-url" label="Address" className="gap-1.5">
          <Input name="url" required maxLength={2000} placeholder="https://calendar.google.com/…/basic.ics" />
        </Field>
      </AddCalendar>
      {outcome("calendar-add")}
    </Section>
  );
}

/** A calendar to connect, folded under its `title`: what it takes (`note`) and its form. */
function AddCalendar({
  kind,
  title,
  note,
  submit,
  children,
}: {
  kind: "caldav" | "ics";
  title: string;
  note: string;
  submit: string;
  children: ReactNode;
}) {
  return (
    <details className="max-w-2xl rounded-md border p-3">
      <summary className="cursor-pointer font-semibold">{title}</summary>
      <p className="mt-2 text-sm">{note}</p>
      <PostForm
        className="mt-3 grid gap-3 sm:grid-cols-2"
        hidden={{ intent: "calendar-add", kind }}
        submit={submit}
      >
        {children}
      </PostForm>
    </details>
  );
}
