import { renderNotice } from "../layout";
import { headerSafe } from "../mailer.server";

export type UndeliverableFacts = {
  what: string;
  client: { firstName: string; lastName: string; email: string } | undefined;
  leadUrl: string | undefined;
  attempts: number;
  queuedAt: string;
  lastError: string | null;
};

/** The studio's alert that an email to a client gave up: who, why, and what to do next. */
export function undeliverableEmail(f: UndeliverableFacts) {
  const name = f.client ? `${f.client.firstName} ${f.client.lastName}` : "a client";
  return renderNotice({
    subject: headerSafe(`Undeliverable email to ${name}: ${f.what}`),
    intro: [
      `An email to a client could not be delivered: ${f.what}.`,
      `The outbox tried ${f.attempts} times since ${f.queuedAt} and has given up.`,
    ],
    valueColumn: 12,
    facts: [
      ["Client", f.client ? `${name} <${f.client.email}>` : "unknown (the record is gone)"],
      ...(f.leadUrl ? ([["Lead page", f.leadUrl]] as [string, string][]) : []),
      ["Last error", f.lastError ?? "none recorded"],
    ],
    closing: [
      `Next step: check the address with the client another way (phone, a reply from your own inbox),`,
      `then retry the notification from the lead's page, or send what they need by hand.`,
    ],
  });
}
