import { data, Form, Link, redirect, useNavigation } from "react-router";

import { CheckboxField, Field, FormAlert } from "~/components/form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { readFormPost } from "~/lib/form-post";
import { budgetOptions, optionLabel, projectTypeOptions, timelineOptions } from "~/schemas/inquiry-fields";

import type { Route } from "./+types/lead";
import { formatTime, requireStudio, studioMeta } from "./guard";
import {
  bookingActivityLabel,
  deliveryChannelLabel,
  deliveryStatusLabel,
  SPAM_STATUS,
  spamReasonLabel,
  spamReasonShort,
  statusOptions,
} from "./labels";
import { bookingActivityText, LeadCalls } from "./lead-calls";
import { LeadPayments } from "./lead-payments";
import { isPlanIntent, LeadPlans, LeadQuotePlans, planAction } from "./lead-plans";
import { isQuoteIntent, LeadQuotes, quoteAction, type QuoteFormRefusal } from "./lead-quotes";
import { fillReply, LeadReply } from "./lead-reply";
import { LeadSource } from "./lead-source";
import { alignedTerms, Details, Section, SplitColumns, Table } from "./ui";

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  studioMeta(loaded ? `${loaded.lead.first_name} ${loaded.lead.last_name}` : "Lead");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { leads, quotes, bookings, refunds, carePlans, catalogue, settings } = requireStudio(context);
  const found = await leads.get(params.id);
  if (!found) throw data("No such lead.", { status: 404 });
  const saved = await leads.savedReplies();
  // A saved reply picked by its link (?reply=ID) fills the reply form, the lead's first name in it.
  const picked = saved.find((r) => r.id === new URL(request.url).searchParams.get("reply"));
  // The new-quote form's one-time key: the same form posted twice (a double click before or after the scripts load) creates one quote.
  const leadQuotes = await quotes.list(params.id);
  return {
    ...found,
    quotes: leadQuotes,
    // A care plan on each quote, and the plans the studio sells (issue 42).
    quotePlans: {
      onQuotes: await carePlans.quotePlans.ofQuotes(leadQuotes.map((q) => q.id)),
      offered: (await carePlans.admin.plans()).filter((p) => !p.retired),
    },
    calls: await bookings.forLead(params.id),
    quoteFormKey: crypto.randomUUID(),
    savedReplies: saved.map((r) => ({ id: r.id, title: r.title })),
    chosenReply: picked
      ? { id: picked.id, subject: picked.subject, body: fillReply(picked.body, found.lead) }
      : null,
    taxRegistered: await quotes.taxRegistered(),
    catalogue: await catalogue.list(),
    quoteDefaults: await settings.read(),
    refundable: await refunds.refundable(params.id),
    refundNotices: await refunds.notices(params.id),
    refundFormKey: crypto.randomUUID(),
    plans: await carePlans.ofLead(params.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const studio = requireStudio(context);
  const { leads, privacy, refunds, user } = studio;
  const form = Object.fromEntries(await readFormPost(request, context));
  const intent = form.intent;
  if (isQuoteIntent(intent)) return quoteAction(studio, params.id, intent, form);
  if (isPlanIntent(intent)) return planAction(studio, params.id, intent, form);
  if (intent === "refund") {
    // Money leaves: the amount, reason and confirmation are checked on the server (server/billing/refunds.server.ts).
    const refunded = await refunds.refund(params.id, form, user.email);
    return refunded.ok
      ? { intent, error: undefined, creditNote: refunded.value.creditNote }
      : data({ intent, error: refunded.error }, { status: refunded.status });
  }
  if (intent === "delete") {
    if (form.confirm !== "yes")
      return data({ intent, error: "Tick the box to confirm the deletion." }, { status: 400 });
    if (!(await privacy.delete(params.id))) throw data("No such lead.", { status: 404 });
    return redirect("/studio");
  }
  const result =
    intent === "status"
      ? await leads.changeStatus(params.id, form, user)
      : intent === "reply"
        ? await leads.reply(params.id, form, user)
        : intent === "note"
          ? await leads.addNote(params.id, form, user)
          : intent === "retry"
            ? await leads.retryDelivery(params.id, String(form.outboxId ?? ""), user)
            : intent === "release"
              ? await leads.release(params.id, user)
              : ({ ok: false, status: 400, error: "Unknown action." } as const);
  return result.ok
    ? { intent, error: undefined }
    : data({ intent, error: result.error }, { status: result.status });
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const {
    lead,
    deliveries,
    activity,
    next,
    quotes,
    payments,
    calls,
    quoteFormKey,
    savedReplies,
    chosenReply,
    taxRegistered,
    catalogue,
    quoteDefaults,
    refundable,
    refundNotices,
    refundFormKey,
    plans,
    quotePlans,
  } = loaderData;
  const busy = useNavigation().state === "submitting";
  // The refusal of one form's action, under that form; each answer moves focus to it.
  const error = (intent: string) => (
    <FormAlert tone="error" focusKey={actionData}>
      {actionData?.intent === intent ? actionData.error : null}
    </FormAlert>
  );
  const fields: [string, string | null | undefined][] = [
    ["Email", lead.email],
    ["Phone", lead.phone],
    ["Company", lead.company],
    ["Project type", optionLabel(projectTypeOptions, lead.project_type)],
    ["Budget", optionLabel(budgetOptions, lead.budget)],
    ["Timeline", optionLabel(timelineOptions, lead.timeline)],
    ["Received", formatTime(lead.created_at)],
    ["Sent through", lead.source === "form" ? "Form without JavaScript" : "Contact form"],
  ];
  return (
    <div className="grid gap-8">
      <p>
        <Link
          to={lead.quarantine_reason ? "/studio/inbox?view=spam" : "/studio/inbox"}
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          {lead.quarantine_reason ? "Back to Spam" : "Back to the inbox"}
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">
          {lead.first_name} {lead.last_name}
        </h1>
        <Badge variant="outline">{optionLabel(statusOptions, lead.status)}</Badge>
        {lead.lost_reason && <span className="text-sm">Lost: {lead.lost_reason}</span>}
      </div>
      {lead.quarantine_reason && (
        <Section id="spam" title="In Spam">
          <p>
            {spamReasonLabel[lead.quarantine_reason]} Nothing was sent for it: no email to the studio, no
            acknowledgement. Moving it to the inbox sends them now.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="release" />
            {error("release")}
            <Button type="submit" disabled={busy}>
              Move to the inbox
            </Button>
          </Form>
        </Section>
      )}
      <SplitColumns>
        <div className="grid content-start gap-8">
          {!lead.quarantine_reason && (
            <LeadReply
              email={lead.email}
              saved={savedReplies}
              chosen={chosenReply}
              sentCount={activity.filter((a) => a.kind === "reply").length}
              busy={busy}
              error={error("reply")}
            />
          )}
          <Section id="pipeline" title="Status">
            {lead.quarantine_reason ? (
              <p>Move this lead to the inbox to change its status or quote it.</p>
            ) : next.length === 0 ? (
              <p>This lead is closed.</p>
            ) : (
              // Keyed by status: after a change the form starts again from the new step's first option.
              <Form key={lead.status} method="post" className="grid gap-3">
                <input type="hidden" name="intent" value="status" />
                <Field id="status" label="Move to">
                  <Select name="status" options={statusOptions.filter((o) => next.includes(o.value))} />
                </Field>
                <Field id="reason" label="Reason (required for Lost)">
                  <Input name="reason" maxLength={500} />
                </Field>
                {error("status")}
                <Button type="submit" disabled={busy} className="justify-self-start">
                  Update status
                </Button>
              </Form>
            )}
            {/* Keyed by the timeline's length: a note once recorded leaves an empty box for the next. */}
            <Form key={activity.length} method="post" className="grid gap-3">
              <input type="hidden" name="intent" value="note" />
              <Field id="note" label="Private note">
                <Textarea name="body" required maxLength={2000} rows={3} />
              </Field>
              {error("note")}
              <Button type="submit" variant="outline" disabled={busy} className="justify-self-start">
                Add note
              </Button>
            </Form>
          </Section>

          <Section id="details" title="Details">
            <Details rows={fields} className={alignedTerms}>
              <dt className="font-semibold">Message</dt>
              <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{lead.message}</dd>
            </Details>
          </Section>

          <LeadSource lead={lead} />
        </div>

        <Section id="timeline" title="Timeline" className="lg:border-l lg:pl-8">
          <ol className="grid gap-3">
            {activity.map((a) => (
              <li key={a.id} className="border-l-2 pl-3">
                <p className="text-sm">
                  <time dateTime={a.created_at}>{formatTime(a.created_at)}</time> · {a.actor_email}
                </p>
                <p>
                  {a.kind === "status" && a.from_status === SPAM_STATUS
                    ? `Moved from Spam to the inbox${a.body ? ` (taken for spam: ${spamReasonShort[a.body] ?? "another reason"})` : ""}`
                    : a.kind === "status"
                      ? `Status: ${optionLabel(statusOptions, a.from_status)} → ${optionLabel(statusOptions, a.to_status)}${a.body ? ` (${a.body})` : ""}`
                      : a.kind === "retry"
                        ? `Retried the ${a.body} notification`
                        : a.kind === "reply"
                          ? `Replied by email: ${a.body?.split("\n\n")[0] ?? ""}`
                          : a.kind.startsWith("quote-")
                            ? `Quote ${a.body}`
                            : a.kind in bookingActivityLabel
                              ? bookingActivityText(a.kind, a.body)
                              : a.kind.startsWith("reminder-") || a.kind.startsWith("plan-")
                                ? a.body
                                : null}
                </p>
                {a.kind === "note" && <p className="whitespace-pre-wrap">{a.body}</p>}
                {a.kind === "reply" && (
                  <details className="text-sm">
                    <summary className="cursor-pointer">The message</summary>
                    <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                      {a.body?.split("\n\n").slice(1).join("\n\n")}
                    </p>
                  </details>
                )}
              </li>
            ))}
            <li className="border-l-2 pl-3">
              <p className="text-sm">
                <time dateTime={lead.created_at}>{formatTime(lead.created_at)}</time>
              </p>
              <p>Inquiry received</p>
            </li>
          </ol>
        </Section>
      </SplitColumns>

      {/* Suspected spam gets no quote (the server refuses one too) until it is in the inbox. */}
      {!lead.quarantine_reason && (
        <LeadQuotes
          quotes={quotes}
          busy={busy}
          error={error}
          formKey={quoteFormKey}
          taxRegistered={taxRegistered}
          catalogue={catalogue}
          defaults={quoteDefaults}
          leadId={lead.id}
          refused={quoteRefusal(actionData)}
          closed={lead.status === "won" || lead.status === "lost"}
        />
      )}

      <LeadPayments
        payments={payments}
        busy={busy}
        error={error("payment-refund")}
        refundable={refundable}
        refundNotices={refundNotices}
        refundFormKey={refundFormKey}
        refundError={error("refund")}
        creditNote={actionData && "creditNote" in actionData ? actionData.creditNote : undefined}
      />

      <LeadPlans plans={plans} busy={busy} error={error} />
      <LeadQuotePlans quotes={quotes} quotePlans={quotePlans} busy={busy} error={error} />

      <LeadCalls calls={calls} />

      <Section id="deliveries" title="Notifications">
        {deliveries.length === 0 ? (
          <p>None were queued.</p>
        ) : (
          <Table
            className="min-w-[40rem]"
            caption="Delivery history of this lead's notifications"
            headers={["Notification", "State", "Attempts", "Last error", "Delivered", ""]}
          >
            {deliveries.map((d) => (
              <tr key={d.id} className="border-b">
                <td className="px-2 py-2">{deliveryChannelLabel(d.channel)}</td>
                <td className="px-2 py-2">{deliveryStatusLabel[d.status] ?? d.status}</td>
                <td className="px-2 py-2">{d.attempts}</td>
                <td className="px-2 py-2">{d.last_error ?? "—"}</td>
                <td className="px-2 py-2">{formatTime(d.delivered_at)}</td>
                <td className="px-2 py-2">
                  {d.status === "failed" && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="retry" />
                      <input type="hidden" name="outboxId" value={d.id} />
                      <Button type="submit" size="sm" variant="outline" disabled={busy}>
                        Retry now
                      </Button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
        {error("retry")}
      </Section>

      <Section id="privacy" title="Privacy">
        <p>
          <a
            href={`/api/studio/leads/${lead.id}/export.json`}
            download
            className="text-primary underline underline-offset-4"
          >
            Export this person&apos;s data (JSON)
          </a>
        </p>
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="delete" />
          <CheckboxField
            id="confirm-delete"
            name="confirm"
            value="yes"
            required
            label="Delete this lead, its notes, its quotes and its emails for good"
          />
          {error("delete")}
          <Button type="submit" variant="destructive" disabled={busy} className="justify-self-start">
            Delete this person&apos;s data
          </Button>
        </Form>
      </Section>
    </div>
  );
}

/** The refused "Create draft quote" (its errors by field, what was typed), when that was the last post. */
function quoteRefusal(answer: unknown): QuoteFormRefusal | undefined {
  if (!answer || typeof answer !== "object") return undefined;
  const a = answer as Partial<QuoteFormRefusal> & { intent?: unknown };
  return a.intent === "quote-create" && a.fieldErrors && a.values
    ? { fieldErrors: a.fieldErrors, values: a.values }
    : undefined;
}
