import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";

import { siteConfig } from "~/content/site";
import { formatCad } from "~/lib/money";

/**
 * The studio's look shared by every email (one file each in `emails/`), as React
 * components rendered by React Email. Inline styles only, no images, no remote
 * resources and no tracking: the studio's identity comes from siteConfig.
 */

export type RenderedEmail = { subject: string; html: string; text: string };

/** Loaded with the first mail, not at start-up: a serving process may never send one. */
const renderer = () => import("@react-email/render");

/** A client email: HTML, and React Email's plain-text rendering of it as the alternative. */
export async function renderEmail(subject: string, element: ReactNode): Promise<RenderedEmail> {
  const { render } = await renderer();
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

/**
 * A notification to the studio: its plain text is what the studio's inbox and the
 * form service have always read (lines of `Label: value`), and the HTML shows the
 * same lines in the studio's look. Text before and after the facts keeps its line breaks.
 */
export type CompanyNotice = {
  subject: string;
  /** Lines before the facts (none, or one sentence a line). */
  intro: string[];
  facts: [string, string][];
  /** The column where the text lines up the values (`Package:   Pro Website` is 11), or none: right after the label. */
  valueColumn?: number;
  /** Lines after the facts (the next step, or what the visitor wrote). */
  closing: string[];
};

/** The notice's plain text, as the studio's inbox reads it. */
export function noticeText(n: CompanyNotice) {
  const facts = n.facts.map(([label, value]) => `${`${label}: `.padEnd(n.valueColumn ?? 0)}${value}`);
  return [...n.intro, ...(n.intro.length ? [""] : []), ...facts, "", ...n.closing].join("\n");
}

export async function renderNotice(n: CompanyNotice): Promise<RenderedEmail> {
  const text = noticeText(n);
  const { render } = await renderer();
  const html = await render(
    <EmailLayout preview={n.intro[0] ?? n.subject}>
      <Title>{n.subject}</Title>
      {n.intro.length > 0 && <Paragraph keepLines>{n.intro.join("\n")}</Paragraph>}
      <Facts rows={n.facts} />
      <Paragraph keepLines>{n.closing.join("\n").trim()}</Paragraph>
    </EmailLayout>,
  );
  return { subject: n.subject, text, html };
}

const colors = { ink: "#1c2b33", muted: "#5b6b73", line: "#d9e1e5", accent: "#0f5c63" };
const body = {
  backgroundColor: "#f4f7f8",
  color: colors.ink,
  fontFamily: "Arial, Helvetica, sans-serif",
  margin: 0,
  padding: "24px 0",
};
const card = {
  backgroundColor: "#ffffff",
  border: `1px solid ${colors.line}`,
  borderRadius: "8px",
  maxWidth: "560px",
  padding: "32px",
};
const small = { color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "4px 0" };
const p = { fontSize: "15px", lineHeight: "24px", margin: "12px 0" };

/** The client portal's address on this site: every client email links to it (issue 39). */
export const portalLink = (siteUrl: string) => new URL("/portal", siteUrl).toString();

/** Header, content and the studio's footer (name, address, contact; for a client, the portal). */
export function EmailLayout({
  preview,
  portalUrl,
  children,
}: {
  preview: string;
  /** A client's email: the footer links to the portal, where every quote, document and call is. */
  portalUrl?: string;
  children: ReactNode;
}) {
  const a = siteConfig.address;
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Text style={{ color: colors.accent, fontSize: "18px", fontWeight: 700, margin: "0 0 16px" }}>
            {siteConfig.name}
          </Text>
          {children}
          <Hr style={{ borderColor: colors.line, margin: "24px 0 16px" }} />
          {portalUrl && (
            <Text style={small}>
              All your quotes, documents and calls in one place:{" "}
              <Link href={portalUrl}>your client portal</Link>
            </Text>
          )}
          <Text style={small}>
            {siteConfig.name}, {a.street}, {a.city}, {a.region} {a.postalCode}, Canada
          </Text>
          <Text style={small}>
            <Link href={`mailto:${siteConfig.email}`}>{siteConfig.email}</Link> · {siteConfig.phone.display}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Label/value rows, as a table so every mail client lines them up. */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Section style={{ margin: "16px 0" }}>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ borderCollapse: "collapse" }}
      >
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <td
                style={{
                  borderBottom: `1px solid ${colors.line}`,
                  color: colors.muted,
                  fontSize: "14px",
                  padding: "8px 12px 8px 0",
                }}
              >
                {label}
              </td>
              <td
                style={{
                  borderBottom: `1px solid ${colors.line}`,
                  fontSize: "14px",
                  fontWeight: 700,
                  padding: "8px 0",
                  textAlign: "right",
                }}
              >
                {value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export const cad = (cents: number) => formatCad(cents, { withCode: true });

export function Title({ children }: { children: ReactNode }) {
  return <Heading style={{ fontSize: "22px", lineHeight: "30px", margin: "0 0 8px" }}>{children}</Heading>;
}

/** With `keepLines`, the line breaks of a text (a visitor's message) show as they were typed. */
export function Paragraph({ children, keepLines = false }: { children: ReactNode; keepLines?: boolean }) {
  return <Text style={keepLines ? { ...p, whiteSpace: "pre-line" } : p}>{children}</Text>;
}

export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "20px 0" }}>
      <Link
        href={href}
        style={{
          backgroundColor: colors.accent,
          borderRadius: "6px",
          color: "#ffffff",
          display: "inline-block",
          fontSize: "15px",
          fontWeight: 700,
          padding: "12px 20px",
          textDecoration: "none",
        }}
      >
        {children}
      </Link>
    </Section>
  );
}
