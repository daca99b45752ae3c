import { siteConfig } from "./site";

/** The words of /book and the booking links (docs/product.md#booking). */
export const bookingCopy = {
  path: "/book",
  metaTitle: "Book a free call",
  metaDescription: `Book a free 30-minute discovery call with ${siteConfig.name}, at a time shown in your own time zone.`,
  eyebrow: "Discovery call",
  title: "Book a free call",
  intro:
    "A free 30-minute video call about your website: what you need, what it costs, how long it takes. Pick a time that suits you.",
  zoneLabel: "Time zone",
  zoneButton: "Show times",
  zoneStated: (label: string) => `Times are shown in ${label}.`,
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
  },
  tooFast: "Please check your details and send the form again.",
  confirmedTitle: "Your call is booked",
  confirmed:
    "We have emailed you a confirmation with a calendar invitation and links to reschedule or cancel.",
  manageTitle: "Your call",
  badLink:
    "This link is not valid, or the call it was for has been changed, cancelled or has already taken place.",
  cancelled: "Your call is cancelled. The studio has been told. You can book another time whenever you like.",
  rescheduled: "Your call is moved. We have emailed you a new invitation.",
} as const;
