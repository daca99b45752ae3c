import { renderNotice, type CompanyNotice } from "../layout";
import { headerSafe } from "../mailer.server";

export type BookingNoticeData = {
  change: "booked" | "rescheduled" | "cancelled";
  /** The name typed with the booking. */
  name: string;
  /** The address typed with the booking. */
  email: string;
  /** False for an address typed on /book (anyone can type anyone's); true for a signed-in client. */
  verified: boolean;
  /** The name the lead holds, when it differs from the one typed: the address belongs to an earlier lead. */
  leadName?: string;
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
      ...(b.verified
        ? []
        : [
            b.leadName
              ? `The email address is not verified: it was typed on the booking page and belongs to an existing lead, ${b.leadName}. Whoever booked has not shown they are that person.`
              : "The email address is not verified: it was typed on the booking page.",
          ]),
    ],
    facts: [
      ["When", b.when],
      ...(b.previous ? ([["Was", b.previous]] as [string, string][]) : []),
      ["Name", b.name],
      ["Email", b.verified ? `${b.email} (signed-in client)` : `${b.email} (not verified)`],
      ...(b.leadName ? ([["Lead", b.leadName]] as [string, string][]) : []),
      ...(b.company ? ([["Company", b.company]] as [string, string][]) : []),
      ["Visitor's zone", b.visitorZone],
      ["Lead page", b.leadLink],
    ],
    closing: ["About:", b.topic],
  };
  return renderNotice(notice);
}
