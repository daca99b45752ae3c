import { siteConfig } from "./site";

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** A span of minutes as people say it: "12 hours", "30 minutes", "2 days", "1 hour 30 minutes". */
export function spanText(minutes: number) {
  if (minutes > 0 && minutes % 1440 === 0) return plural(minutes / 1440, "day");
  if (minutes >= 60)
    return minutes % 60 === 0
      ? plural(minutes / 60, "hour")
      : `${plural(Math.floor(minutes / 60), "hour")} ${plural(minutes % 60, "minute")}`;
  return plural(minutes, "minute");
}

/** The words of /book and the booking links (docs/product.md#booking). */
export const bookingCopy = {
  path: "/book",
  metaTitle: "Book a free call",
  metaDescription: `Book a free 30-minute discovery call with ${siteConfig.name}, at a time shown in your own time zone.`,
  eyebrow: "Discovery call",
  title: "Book a free call",
  intro: "A free 30-minute video call about your website: what you need, what it costs, how long it takes.",
  zoneLabel: "Time zone",
  zoneButton: "Show times",
  zoneStated: (label: string) => `Times are shown in ${label}.`,
  zoneShownIn: "Times in",
  zoneChange: "Change",
  daysLabel: "Choose a day",
  dayTimes: (day: string) => day,
  noTimesThatDay: "No open times that day. Please choose another day.",
  noSlots: `No open times in the next 14 days. Please email us at ${siteConfig.email}.`,
  submit: "Book this call",
  invalid: "Please correct the highlighted fields.",
  taken:
    "Sorry, that time was just taken. The nearest open times are selected below: pick one and send again.",
  slotProblems: {
    invalid: "Please choose one of the times listed.",
    "off-grid": "Please choose one of the times listed.",
    "outside-hours": "That time is outside the studio's hours. Please choose one of the times listed.",
    past: "That time has already passed. Please choose one of the times listed.",
    "too-soon": "That time is too soon to book. Please choose one of the times listed.",
    "too-far": "Calls can be booked up to 14 days ahead. Please choose one of the times listed.",
    unavailable: "The studio takes no calls that day. Please choose one of the times listed.",
    calendar: `Times cannot be booked just now. Please try again later or email us at ${siteConfig.email}.`,
  },
  tooFast: "Please check your details and send the form again.",
  confirmedTitle: "Your call is booked",
  confirmed:
    "We have emailed you a confirmation with a calendar invitation and links to reschedule or cancel.",
  nextSteps: [
    "Check your inbox for the confirmation and its calendar invitation.",
    "We read what you wrote and come prepared; a reminder follows the day before and an hour before.",
    "At the time of the call, join by video with the link below (it is in the email and the invitation too).",
  ],
  nextStepsNoVideo: [
    "Check your inbox for the confirmation and its calendar invitation.",
    "We read what you wrote and come prepared; a reminder follows the day before and an hour before.",
    "We send the video link before the call.",
  ],
  videoLabel: "Video call",
  addToCalendar: "Add to your calendar",
  googleCalendar: "Add to Google Calendar",
  outlookCalendar: "Outlook",
  icsDownload: "Download the invitation (.ics)",
  /** Refused: the call is closer than the studio's cut-off. */
  cutoff: (minutes: number) =>
    `Calls can be moved or cancelled online up to ${spanText(minutes)} before they start. To change this one, please email ${siteConfig.email} or call ${siteConfig.phone.display}.`,
  manageTitle: "Your call",
  badLink:
    "This link is not valid, or the call it was for has been changed, cancelled or has already taken place.",
  cancelled: "Your call is cancelled. The studio has been told. You can book another time whenever you like.",
  rescheduled: "Your call is moved. We have emailed you a new invitation.",
} as const;
