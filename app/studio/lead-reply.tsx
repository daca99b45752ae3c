import { Form, Link } from "react-router";

import { Field } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";

import { Section } from "./ui";

type Saved = { id: string; title: string };

/** A saved reply's text for one lead: `{firstName}` becomes the lead's first name. */
export const fillReply = (text: string, lead: { first_name: string }) =>
  text.replaceAll("{firstName}", lead.first_name);

/**
 * "Reply" on the lead's page: a saved reply picked (a link: it works before JavaScript) fills the
 * subject and text, which the owner may change; sent through the outbox with the studio's inbox as
 * Reply-To, and on the timeline. A New lead becomes Contacted.
 */
export function LeadReply(props: {
  email: string;
  saved: Saved[];
  chosen: { id: string; subject: string; body: string } | null;
  sentCount: number;
  busy: boolean;
  error: React.ReactNode;
}) {
  const { email, saved, chosen, sentCount, busy, error } = props;
  return (
    <Section id="reply" title="Reply">
      <p className="text-sm">
        To <span className="font-semibold [overflow-wrap:anywhere]">{email}</span>; their answer comes to the
        studio&apos;s inbox. Or write from your own mail:{" "}
        <a href={`mailto:${email}`} className="text-primary underline underline-offset-4">
          open in your email app
        </a>
        .
      </p>
      {saved.length > 0 && (
        <nav aria-label="Saved replies" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span>Start from:</span>
          {saved.map((r) => (
            <Link
              key={r.id}
              to={`?reply=${encodeURIComponent(r.id)}#reply`}
              preventScrollReset
              aria-current={chosen?.id === r.id ? "true" : undefined}
              className="text-primary underline-offset-4 hover:underline aria-[current]:font-semibold aria-[current]:underline"
            >
              {r.title}
            </Link>
          ))}
          <Link to="/studio/replies" className="text-muted-foreground underline underline-offset-4">
            Edit saved replies
          </Link>
        </nav>
      )}
      {/* Keyed by the reply chosen and the replies sent: a new choice fills the fields, a sent reply empties them. */}
      <Form key={`${chosen?.id ?? "blank"}-${sentCount}`} method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="reply" />
        <Field id="reply-subject" label="Subject">
          <Input name="subject" required maxLength={200} defaultValue={chosen?.subject ?? ""} />
        </Field>
        <Field id="reply-body" label="Message">
          <Textarea name="body" required maxLength={5000} rows={8} defaultValue={chosen?.body ?? ""} />
        </Field>
        {error}
        <Button type="submit" disabled={busy} className="justify-self-start">
          Send reply
        </Button>
      </Form>
    </Section>
  );
}
