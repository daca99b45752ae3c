import { useLayoutEffect, useRef, useState, type FormEvent } from "react";

import { Field, FormAlert, hydratedFormProps, useHydrated } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { inquiryFormContent as copy } from "~/content/inquiry-form";
import { privacyNotice } from "~/content/privacy-notice";
import { cn } from "~/lib/cn";
import {
  budgetOptions,
  ELAPSED_FIELD,
  emptyInquiryValues,
  HONEYPOT_FIELD,
  inquiryFieldNames,
  inquiryLimits,
  missingRequiredFields,
  PRIVACY_NOTICE_FIELD,
  projectTypeOptions,
  timelineOptions,
  type InquiryActionData,
  type InquiryApiResponse,
  type InquiryFieldErrors,
  type InquiryFieldName,
  type InquiryFormValues,
} from "~/schemas/inquiry-fields";
import { sourceQuery } from "~/schemas/inquiry-source";

import { Honeypot } from "./honeypot";

type Status =
  { kind: "idle" } | { kind: "missing" } | { kind: "success" } | { kind: "error"; detail?: string };

/** The JSON endpoint the form posts to when JavaScript runs. */
export const INQUIRY_ENDPOINT = "/api/inquiries";

class InquirySendError extends Error {
  constructor(
    message: string,
    readonly fieldErrors: InquiryFieldErrors = {},
  ) {
    super(message);
    this.name = "InquirySendError";
  }
}

const FORM_TITLE_ID = "inquiry-form-title";

/** The form's fields as typed, read on submit (the fields are uncontrolled). */
function readValues(form: HTMLFormElement): InquiryFormValues {
  const data = new FormData(form);
  const values = { ...emptyInquiryValues };
  for (const name of inquiryFieldNames) {
    const value = data.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

function statusFrom(answer: InquiryActionData | undefined): Status {
  if (!answer) return { kind: "idle" };
  if (answer.status === "success") return { kind: "success" };
  return answer.missingRequired ? { kind: "missing" } : { kind: "error", detail: answer.detail };
}

/**
 * The project inquiry form (docs/product.md). With JavaScript it checks the required
 * fields, posts JSON and shows the outcome in place; without, it is a plain form post to
 * the contact page's action, whose `answer` it renders with the same messages. Either
 * way the outcome appears in the alert region, which takes focus. On the prerendered
 * contact page it is an island (docs/decisions/0012): the fields are uncontrolled, so
 * what was typed before React arrived is what is read and sent.
 */
export function InquiryForm({ answer, className }: { answer?: InquiryActionData; className?: string }) {
  const defaults = answer?.status === "error" ? answer.values : emptyInquiryValues;
  const [fieldErrors, setFieldErrors] = useState<InquiryFieldErrors>(() =>
    answer?.status === "error" ? answer.fieldErrors : {},
  );
  const [status, setStatus] = useState<Status>(() => statusFrom(answer));
  const [sending, setSending] = useState(false);
  const [announcements, setAnnouncements] = useState(0);
  const hydrated = useHydrated();
  // True when hydrating the server's markup (already in the document), false after a client navigation.
  const [fromServerMarkup] = useState(
    () => typeof document !== "undefined" && document.getElementById(FORM_TITLE_ID) !== null,
  );
  const shownAt = useRef(0);

  // On mount (fromServerMarkup never changes).
  useLayoutEffect(() => {
    // The fill-time check counts from when the visitor could first see the form: the
    // navigation's start for the server's markup (performance.now()'s zero), else now.
    shownAt.current = fromServerMarkup ? 0 : performance.now();
  }, [fromServerMarkup]);

  const show = (next: Status) => {
    setStatus(next);
    setAnnouncements((n) => n + 1);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const values = readValues(form);
    if (missingRequiredFields(values).length > 0) {
      setFieldErrors({});
      show({ kind: "missing" });
      return;
    }
    setSending(true);
    setStatus({ kind: "idle" });
    try {
      const honeypot = new FormData(form).get(HONEYPOT_FIELD);
      // The page and the visitor's ref/UTM travel in the query, as in the no-JavaScript post to this page's URL.
      const response = await fetch(INQUIRY_ENDPOINT + sourceQuery(window.location), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          ...values,
          [HONEYPOT_FIELD]: typeof honeypot === "string" ? honeypot : "",
          [ELAPSED_FIELD]: Math.round(performance.now() - shownAt.current),
          [PRIVACY_NOTICE_FIELD]: privacyNotice.version,
        }),
      });
      const body = (await response.json().catch(() => null)) as InquiryApiResponse | null;
      if (!response.ok || body?.success !== true) {
        const detail = body && body.success === false ? body.error : `HTTP ${response.status}`;
        throw new InquirySendError(
          `Inquiry not accepted: ${detail}`,
          body && body.success === false ? body.fieldErrors : undefined,
        );
      }
      setFieldErrors({});
      for (const name of inquiryFieldNames) {
        const field = form.elements.namedItem(name);
        if (field && "value" in field) field.value = "";
      }
      shownAt.current = performance.now();
      show({ kind: "success" });
    } catch (error) {
      console.error("There was an error sending the inquiry:", error);
      setFieldErrors(error instanceof InquirySendError ? error.fieldErrors : {});
      show({ kind: "error" });
    } finally {
      setSending(false);
    }
  }

  // The field around a control, and the control's own props: the kit wires ids, aria-invalid and the inline error.
  const field = (name: InquiryFieldName, required?: boolean) => ({
    id: `inquiry-${name}`,
    label: copy.labels[name],
    required,
    error: fieldErrors[name],
    className: "flex flex-col",
  });
  const fieldProps = (name: InquiryFieldName) => ({ name, defaultValue: defaults[name] });

  return (
    <section
      aria-labelledby={FORM_TITLE_ID}
      className={cn("rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8", className)}
    >
      <h2 id={FORM_TITLE_ID} className="text-2xl font-bold">
        {copy.title}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{copy.intro}</p>

      {/* The outcome, focused each time one is shown so it is read out and in view. */}
      <FormAlert
        id="inquiry-status"
        as="div"
        persistent
        focusKey={announcements}
        tone={status.kind === "idle" ? undefined : status.kind === "success" ? "success" : "error"}
        className={cn(
          "mt-4 rounded-md text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          status.kind !== "idle" && "p-4",
          (status.kind === "error" || status.kind === "missing") && "bg-background",
        )}
      >
        <StatusMessage status={status} />
      </FormAlert>

      <form
        method="post"
        // Fragment only: the post goes to this page's own URL, keeping its query (?ref=..., UTM) for the lead's source.
        action="#inquiry-status"
        {...hydratedFormProps(hydrated)}
        // The server checks every field whether or not JavaScript runs: no browser bubbles, even before hydration.
        noValidate
        onSubmit={onSubmit}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <Field {...field("firstName", true)}>
          <Input
            {...fieldProps("firstName")}
            required
            autoComplete="given-name"
            maxLength={inquiryLimits.name}
          />
        </Field>
        <Field {...field("lastName", true)}>
          <Input
            {...fieldProps("lastName")}
            required
            autoComplete="family-name"
            maxLength={inquiryLimits.name}
          />
        </Field>
        <Field {...field("email", true)}>
          <Input
            {...fieldProps("email")}
            type="email"
            required
            autoComplete="email"
            maxLength={inquiryLimits.email}
          />
        </Field>
        <Field {...field("phone")}>
          <Input {...fieldProps("phone")} type="tel" autoComplete="tel" maxLength={inquiryLimits.phone} />
        </Field>
        <Field {...field("company")}>
          <Input {...fieldProps("company")} autoComplete="organization" maxLength={inquiryLimits.company} />
        </Field>
        <Field {...field("projectType", true)}>
          <Select
            {...fieldProps("projectType")}
            required
            options={projectTypeOptions}
            placeholder={copy.placeholders.projectType}
          />
        </Field>
        <Field {...field("budget")}>
          <Select {...fieldProps("budget")} options={budgetOptions} placeholder={copy.placeholders.budget} />
        </Field>
        <Field {...field("timeline")}>
          <Select
            {...fieldProps("timeline")}
            options={timelineOptions}
            placeholder={copy.placeholders.timeline}
          />
        </Field>
        <Field {...field("message", true)} className="flex flex-col sm:col-span-2">
          <Textarea
            {...fieldProps("message")}
            required
            rows={6}
            maxLength={inquiryLimits.message}
            placeholder={copy.placeholders.message}
          />
        </Field>

        <Honeypot form="inquiry" />

        <input type="hidden" name={PRIVACY_NOTICE_FIELD} value={privacyNotice.version} />
        <p className="text-sm text-muted-foreground sm:col-span-2">
          {privacyNotice.before}
          <a
            href={privacyNotice.href}
            target="_blank"
            rel="noopener"
            className="font-semibold text-primary underline underline-offset-4"
          >
            {privacyNotice.linkText}
            <span className="sr-only"> (PDF, opens in a new tab)</span>
          </a>
          {privacyNotice.after}
        </p>

        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
            {sending ? copy.sending : copy.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}

function StatusMessage({ status }: { status: Status }) {
  switch (status.kind) {
    case "idle":
      return null;
    case "missing":
      return <p>{copy.messages.missingRequired}</p>;
    case "error":
      return (
        <>
          <p>{copy.messages.error}</p>
          {status.detail && <p className="mt-2 text-foreground">{status.detail}</p>}
        </>
      );
    case "success":
      return (
        <p>
          {copy.messages.success.before}
          <a
            href={copy.messages.success.linkHref}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {copy.messages.success.linkText}
          </a>
          {copy.messages.success.after}
          {copy.messages.success.bookCall.before}
          <a
            href={copy.messages.success.bookCall.linkHref}
            className="font-semibold text-primary underline underline-offset-4"
          >
            {copy.messages.success.bookCall.linkText}
          </a>
          .
        </p>
      );
  }
}
