import { type FormEvent, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { inquiryFormContent as copy } from "~/content/inquiry-form";
import { cn } from "~/lib/cn";
import {
  ELAPSED_FIELD,
  HONEYPOT_FIELD,
  PRIVACY_NOTICE_FIELD,
  type InquiryActionData,
  type InquiryApiResponse,
  type InquiryFieldErrors,
  type InquiryFieldName,
  type InquiryFormValues,
  budgetOptions,
  emptyInquiryValues,
  inquiryFieldNames,
  inquiryLimits,
  missingRequiredFields,
  projectTypeOptions,
  timelineOptions,
} from "~/schemas/inquiry-fields";
import { sourceQuery } from "~/schemas/inquiry-source";
import { privacyNotice } from "~/content/privacy-notice";

type Status = { kind: "idle" } | { kind: "missing" } | { kind: "success" } | { kind: "error"; detail?: string };

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
  const [fieldErrors, setFieldErrors] = useState<InquiryFieldErrors>(() => (answer?.status === "error" ? answer.fieldErrors : {}));
  const [status, setStatus] = useState<Status>(() => statusFrom(answer));
  const [sending, setSending] = useState(false);
  const [announcements, setAnnouncements] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  // True when hydrating the server's markup (already in the document), false after a client navigation.
  const [fromServerMarkup] = useState(() => typeof document !== "undefined" && document.getElementById(FORM_TITLE_ID) !== null);
  const statusRef = useRef<HTMLDivElement>(null);
  const shownAt = useRef(0);

  // On mount (fromServerMarkup never changes).
  useLayoutEffect(() => {
    // The fill-time check counts from when the visitor could first see the form: the
    // navigation's start for the server's markup (performance.now()'s zero), else now.
    shownAt.current = fromServerMarkup ? 0 : performance.now();
    setHydrated(true);
  }, [fromServerMarkup]);

  // Move focus to the message each time one is shown, so it is read out and in view.
  // A layout effect, so focus moves in the same commit that shows the message: a
  // passive effect can run a frame later, leaving focus on the button meanwhile.
  useLayoutEffect(() => {
    if (announcements > 0) statusRef.current?.focus();
  }, [announcements]);

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
        throw new InquirySendError(`Inquiry not accepted: ${detail}`, body && body.success === false ? body.fieldErrors : undefined);
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

  const fieldProps = (name: InquiryFieldName) => {
    const error = fieldErrors[name];
    return {
      id: `inquiry-${name}`,
      name,
      defaultValue: defaults[name],
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `inquiry-${name}-error` : undefined,
    };
  };

  return (
    <section aria-labelledby={FORM_TITLE_ID} className={cn("rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8", className)}>
      <h2 id={FORM_TITLE_ID} className="text-2xl font-bold">
        {copy.title}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{copy.intro}</p>

      <div
        ref={statusRef}
        id="inquiry-status"
        role="alert"
        tabIndex={-1}
        className={cn(
          "mt-4 rounded-md text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          status.kind === "success" && "border border-accent bg-secondary p-4 text-foreground",
          (status.kind === "error" || status.kind === "missing") && "border border-destructive bg-background p-4 text-destructive",
        )}
      >
        <StatusMessage status={status} />
      </div>

      <form
        method="post"
        // Fragment only: the post goes to this page's own URL, keeping its query (?ref=..., UTM) for the lead's source.
        action="#inquiry-status"
        noValidate
        onSubmit={onSubmit}
        data-hydrated={hydrated || undefined}
        className="mt-6 grid gap-5 sm:grid-cols-2"
      >
        <Field name="firstName" label={copy.labels.firstName} required error={fieldErrors.firstName}>
          <Input {...fieldProps("firstName")} required autoComplete="given-name" maxLength={inquiryLimits.name} />
        </Field>
        <Field name="lastName" label={copy.labels.lastName} required error={fieldErrors.lastName}>
          <Input {...fieldProps("lastName")} required autoComplete="family-name" maxLength={inquiryLimits.name} />
        </Field>
        <Field name="email" label={copy.labels.email} required error={fieldErrors.email}>
          <Input {...fieldProps("email")} type="email" required autoComplete="email" maxLength={inquiryLimits.email} />
        </Field>
        <Field name="phone" label={copy.labels.phone} error={fieldErrors.phone}>
          <Input {...fieldProps("phone")} type="tel" autoComplete="tel" maxLength={inquiryLimits.phone} />
        </Field>
        <Field name="company" label={copy.labels.company} error={fieldErrors.company}>
          <Input {...fieldProps("company")} autoComplete="organization" maxLength={inquiryLimits.company} />
        </Field>
        <Field name="projectType" label={copy.labels.projectType} required error={fieldErrors.projectType}>
          <Select {...fieldProps("projectType")} required options={projectTypeOptions} placeholder={copy.placeholders.projectType} />
        </Field>
        <Field name="budget" label={copy.labels.budget} error={fieldErrors.budget}>
          <Select {...fieldProps("budget")} options={budgetOptions} placeholder={copy.placeholders.budget} />
        </Field>
        <Field name="timeline" label={copy.labels.timeline} error={fieldErrors.timeline}>
          <Select {...fieldProps("timeline")} options={timelineOptions} placeholder={copy.placeholders.timeline} />
        </Field>
        <Field name="message" label={copy.labels.message} required error={fieldErrors.message} className="sm:col-span-2">
          <Textarea {...fieldProps("message")} required rows={6} maxLength={inquiryLimits.message} placeholder={copy.placeholders.message} />
        </Field>

        {/* Honeypot: off-screen and skipped by keyboard and screen readers; only bots fill it in. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
          <label htmlFor={`inquiry-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input id={`inquiry-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <input type="hidden" name={PRIVACY_NOTICE_FIELD} value={privacyNotice.version} />
        <p className="text-sm text-muted-foreground sm:col-span-2">
          {privacyNotice.before}
          <a href={privacyNotice.href} target="_blank" rel="noopener" className="font-semibold text-primary underline underline-offset-4">
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
          <a href={copy.messages.success.linkHref} className="font-semibold text-primary underline underline-offset-4">
            {copy.messages.success.linkText}
          </a>
          {copy.messages.success.after}
          {copy.messages.success.bookCall.before}
          <a href={copy.messages.success.bookCall.linkHref} className="font-semibold text-primary underline underline-offset-4">
            {copy.messages.success.bookCall.linkText}
          </a>
          .
        </p>
      );
  }
}

function Field({
  name,
  label,
  required,
  error,
  className,
  children,
}: {
  name: InquiryFieldName;
  label: string;
  required?: boolean;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={`inquiry-${name}`} required={required}>
        {label}
      </Label>
      {children}
      {error && (
        <p id={`inquiry-${name}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
