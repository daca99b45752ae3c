import { renderNotice, type CompanyNotice } from "../layout";
import { headerSafe } from "../mailer.server";

export type BookingNoticeData = {
  change: "booked" | "rescheduled" | "cancelled";
  name: string;
  email: string;
  company: string | null;
  topic: string;
  /** The call's start in Vancouver, zone named. */
  when: string;
  /** Where it was before a reschedule. */
  previous?: string;
  visitorZone: string;
  leadLink: string;
};

const heading = { booked: "Call booked", rescheduled: "Call moved", cancelled: "Call cancelled" } as const;

/** The studio's email about a booking, a reschedule or a visitor's cancellation. */
export function bookingNoticeEmail(b: BookingNoticeData) {
  const notice: CompanyNotice = {
    subject: headerSafe(`${heading[b.change]}: ${b.name}, ${b.when}`),
    intro: [
      b.change === "cancelled"
        ? "The visitor cancelled this discovery call: the slot is open again."
        : `A discovery call was ${b.change} from the website.`,
    ],
    facts: [
      ["When", b.when],
      ...(b.previous ? ([["Was", b.previous]] as [string, string][]) : []),
      ["Name", b.name],
      ["Email", b.email],
      ...(b.company ? ([["Company", b.company]] as [string, string][]) : []),
      ["Visitor's zone", b.visitorZone],
      ["Lead page", b.leadLink],
    ],
    closing: ["About:", b.topic],
  };
  return renderNotice(notice);
}
