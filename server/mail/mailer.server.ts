import nodemailer from "nodemailer";
// The file itself: the production bundle runs as Node ESM, which refuses directory imports.
import SMTPTransport from "nodemailer/lib/smtp-transport/index.js";

import { siteConfig } from "~/content/site";

import type { AppConfig } from "../config.server";
import type { Logger } from "../logger.server";

export type MailMessage = {
  subject: string;
  text: string;
  /** An HTML version; the text stays as the plain alternative. */
  html?: string;
  replyTo?: string;
  to?: string;
  /** A stable Message-ID (e.g. from the outbox row), so a rare resend is recognisable as the same mail. */
  messageId?: string;
  /** Extra headers (a reminder's List-Unsubscribe, RFC 8058); values are made header-safe. */
  headers?: Record<string, string>;
  /** Files sent with the mail (an invoice's or receipt's PDF), built from stored rows, never from a visitor's input. */
  attachments?: MailAttachment[];
  /** A calendar invitation (an .ics text), sent as the text/calendar part calendars offer to add. */
  icalEvent?: { method: "REQUEST" | "CANCEL"; filename: string; content: string };
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export class MailNotConfiguredError extends Error {
  constructor() {
    super("SMTP_URL is not set: mail is logged, not sent");
  }
}

export type Mailer = {
  /** False when SMTP_URL is unset (development): send() then logs and throws MailNotConfiguredError. */
  configured: boolean;
  /** The studio inbox notifications go to. */
  companyInbox: string;
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
};

/** One header line: CR/LF would let a visitor inject headers, so they become spaces. */
export function headerSafe(value: string) {
  return value.replace(/[\r\n]+/g, " ").trim();
}

/** How long SMTP may take (ms): to connect, to greet, and between bytes once talking. */
export type MailerTimeouts = { connectionTimeout: number; greetingTimeout: number; socketTimeout: number };

export const MAILER_TIMEOUTS: MailerTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

/** SMTP through nodemailer with bounded timeouts, so a hanging server cannot hold a worker. Tests shorten them. */
export function createMailer(
  config: Pick<AppConfig, "SMTP_URL" | "SMTP_FROM" | "INQUIRY_TO">,
  logger: Logger,
  timeouts: Partial<MailerTimeouts> = {},
): Mailer {
  const companyInbox = config.INQUIRY_TO ?? siteConfig.email;
  const from = config.SMTP_FROM ?? `${siteConfig.name} <${siteConfig.email}>`;
  if (!config.SMTP_URL) {
    return {
      configured: false,
      companyInbox,
      async send(message) {
        // The subject may name the visitor: only the message's id is logged.
        logger.info({ messageId: message.messageId }, "mail not sent: SMTP_URL is not set");
        throw new MailNotConfiguredError();
      },
      close() {},
    };
  }
  // Built as a transport object: createTransport(url, x) takes x as message defaults and drops
  // timeouts given there, which left nodemailer's own (up to 10 minutes) in force.
  const transport = nodemailer.createTransport(
    new SMTPTransport({ url: config.SMTP_URL, ...MAILER_TIMEOUTS, ...timeouts }),
  );
  return {
    configured: true,
    companyInbox,
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to ?? companyInbox,
        subject: headerSafe(message.subject),
        text: message.text,
        html: message.html,
        replyTo: message.replyTo ? headerSafe(message.replyTo) : undefined,
        messageId: message.messageId ? headerSafe(message.messageId) : undefined,
        headers:
          message.headers &&
          Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, headerSafe(v)])),
        attachments: message.attachments?.map((a) => ({
          filename: headerSafe(a.filename),
          content: a.content,
          contentType: a.contentType,
        })),
        icalEvent: message.icalEvent,
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
