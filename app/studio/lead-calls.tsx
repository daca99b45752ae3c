import { Link } from "react-router";

import { Badge } from "~/components/ui/badge";

import { formatTime } from "./guard";
import {
  bookingActivityLabel,
  callerName,
  callStatusLabel,
  UNVERIFIED_EMAIL,
  unverifiedHint,
} from "./labels";
import { Section, Table } from "./ui";

type LeadCall = {
  id: string;
  starts_at: string;
  status: string;
  topic: string;
  cancelled_by: string | null;
  rescheduled: boolean;
  first_name: string;
  last_name: string;
  visitor_name: string | null;
  identity: string;
};

const INSTANTS = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{3})?)?Z/g;

/** A booking step of the timeline: its text ("Call of … cancelled by the studio") with each instant in Vancouver time. */
export function bookingActivityText(kind: string, body: string | null) {
  return body
    ? body.replace(INSTANTS, (instant) => formatTime(instant))
    : (bookingActivityLabel[kind] ?? kind);
}

/** The discovery calls this lead booked on /book, latest first; changes are made on the Calls page. */
export function LeadCalls({ calls }: { calls: readonly LeadCall[] }) {
  return (
    <Section id="calls" title="Calls">
      {calls.length === 0 ? (
        <p>No call was booked.</p>
      ) : (
        <Table
          className="min-w-[36rem]"
          caption="Discovery calls of this lead, latest first"
          headers={["When", "Booked as", "Topic", "State"]}
        >
          {calls.map((c) => (
            <tr key={c.id} className="border-b align-top">
              <td className="px-2 py-2 whitespace-nowrap">
                <time dateTime={c.starts_at}>{formatTime(c.starts_at)}</time>
              </td>
              <td className="px-2 py-2">
                {callerName(c)}
                {c.identity !== "client" && (
                  <span className="mt-1 block text-xs" title={unverifiedHint}>
                    <Badge variant="outline">{UNVERIFIED_EMAIL}</Badge>
                  </span>
                )}
              </td>
              <td className="px-2 py-2 whitespace-pre-wrap [overflow-wrap:anywhere]">{c.topic}</td>
              <td className="px-2 py-2">{callStatusLabel(c)}</td>
            </tr>
          ))}
        </Table>
      )}
      <p>
        <Link to="/studio/calls" className="text-primary underline underline-offset-4">
          All calls
        </Link>
      </p>
    </Section>
  );
}
