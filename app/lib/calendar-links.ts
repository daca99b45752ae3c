/**
 * "Add to calendar" links for a booked call (its manage page): Google Calendar's and
 * Outlook.com's event templates, filled from the call's UTC instants, so the event lands at
 * the same instant whatever zone the calendar is in. Links only: the page requests nothing
 * from either host.
 */
export type CalendarEvent = {
  title: string;
  startsAt: string;
  endsAt: string;
  details: string;
  location?: string | null;
};

/** "2026-12-02T17:00:00Z" → "20261202T170000Z". */
const basic = (instant: string) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export function googleCalendarLink(e: CalendarEvent) {
  const q = new URLSearchParams({
    action: "TEMPLATE",
    text: e.title,
    dates: `${basic(e.startsAt)}/${basic(e.endsAt)}`,
    details: e.details,
    ...(e.location ? { location: e.location } : {}),
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

export function outlookCalendarLink(e: CalendarEvent) {
  const q = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: e.title,
    startdt: new Date(e.startsAt).toISOString(),
    enddt: new Date(e.endsAt).toISOString(),
    body: e.details,
    ...(e.location ? { location: e.location } : {}),
  });
  return `https://outlook.live.com/calendar/0/action/compose?${q.toString()}`;
}
