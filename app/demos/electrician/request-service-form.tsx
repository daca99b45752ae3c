import { Info, Send } from "lucide-react";
import { useState } from "react";
import type * as React from "react";

import { Field, FormAlert, hydratedFormProps, useHydrated } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";

import { propertyTypes, requestForm, serviceTypes } from "./content";
import {
  validateRequestService,
  type RequestServiceAnswer,
  type RequestServiceErrors,
  type RequestServiceField,
} from "./request-service-schema";
import { requestFormLook } from "./theme";

const fieldOrder: RequestServiceField[] = [
  "name",
  "phone",
  "email",
  "serviceType",
  "propertyType",
  "message",
];
const toOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** The page the form posts to without JavaScript: its route action answers the same notice and stores nothing. */
export const REQUEST_SERVICE_ACTION = "/demo/electrician/contact";

/**
 * The Request Service form (docs/product.md). It validates like a real form and then,
 * being a demo, sends nothing and says so. With JavaScript it validates in the page;
 * without, it posts to its page's route action (`answer` is that action's reply), which
 * checks the same schema and answers the same notice, keeping nothing. Without
 * JavaScript the browser's own `required` checks apply first.
 */
export function RequestServiceForm({ answer }: { answer?: RequestServiceAnswer }) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<RequestServiceErrors>(() =>
    answer && "errors" in answer ? answer.errors : {},
  );
  const [notice, setNotice] = useState(() => (answer && "notice" in answer ? answer.notice : ""));
  const defaults = answer && "values" in answer ? answer.values : {};

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // A demo never submits anywhere: no navigation, no request.
    event.preventDefault();
    const form = event.currentTarget;
    const result = validateRequestService(Object.fromEntries(new FormData(form)));
    if (!result.ok) {
      setNotice("");
      setErrors(result.errors);
      const first = fieldOrder.find((f) => result.errors[f]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setNotice(requestForm.demoNotice(result.data.name));
    form.reset();
  }

  const { labels } = requestForm;
  const field = (name: RequestServiceField, required?: boolean) => ({
    id: `rs-${name}`,
    label: labels[name],
    required,
    error: errors[name],
  });
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form
      method="post"
      action={REQUEST_SERVICE_ACTION}
      onSubmit={onSubmit}
      {...hydratedFormProps(hydrated)}
      aria-labelledby="rs-title"
      className={cn("grid gap-5", requestFormLook)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field {...field("name", true)}>
          <Input name="name" type="text" autoComplete="name" required defaultValue={defaults.name} />
        </Field>
        <Field {...field("phone", true)}>
          <Input name="phone" type="tel" autoComplete="tel" required defaultValue={defaults.phone} />
        </Field>
      </div>
      <Field {...field("email")}>
        <Input name="email" type="email" autoComplete="email" defaultValue={defaults.email} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field {...field("serviceType", true)}>
          <Select
            name="serviceType"
            required
            defaultValue={defaults.serviceType ?? ""}
            placeholder={requestForm.serviceTypePlaceholder}
            options={toOptions(serviceTypes)}
          />
        </Field>
        <Field {...field("propertyType")}>
          <Select
            name="propertyType"
            defaultValue={defaults.propertyType ?? propertyTypes[0]}
            options={toOptions(propertyTypes)}
          />
        </Field>
      </div>
      <Field {...field("message", true)}>
        <Textarea
          name="message"
          rows={requestForm.messageRows}
          placeholder={requestForm.messagePlaceholder}
          required
          defaultValue={defaults.message}
        />
      </Field>
      {/* Outcomes; focus goes to the first invalid field instead. */}
      <FormAlert as="div" persistent focusKey={false} className="empty:hidden">
        {hasErrors ? (
          <p className="rounded-md border border-destructive/40 bg-card p-3 text-sm font-medium text-destructive">
            {requestForm.errorSummary}
          </p>
        ) : null}
      </FormAlert>
      <FormAlert as="div" role="status" persistent focusKey={false} className="empty:hidden">
        {notice ? (
          <p className="flex gap-3 rounded-md border border-accent/40 bg-card p-4 text-sm">
            <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            {notice}
          </p>
        ) : null}
      </FormAlert>
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
        <Send aria-hidden /> {requestForm.submitLabel}
      </Button>
    </form>
  );
}
