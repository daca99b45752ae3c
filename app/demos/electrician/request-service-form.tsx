import { Info, Send } from "lucide-react";
import { useLayoutEffect, useState } from "react";
import type * as React from "react";
import { propertyTypes, requestForm, serviceTypes } from "./content";
import { type RequestServiceAnswer, type RequestServiceErrors, type RequestServiceField, validateRequestService } from "./request-service-schema";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";

const fieldOrder: RequestServiceField[] = ["name", "phone", "email", "serviceType", "propertyType", "message"];
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
  const [hydrated, setHydrated] = useState(false);
  const [errors, setErrors] = useState<RequestServiceErrors>(() => (answer && "errors" in answer ? answer.errors : {}));
  const [notice, setNotice] = useState(() => (answer && "notice" in answer ? answer.notice : ""));
  const defaults = answer && "values" in answer ? answer.values : {};
  useLayoutEffect(() => setHydrated(true), []);

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

  const field = (name: RequestServiceField) => ({
    id: `rs-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `rs-${name}-error` : undefined,
  });
  const error = (name: RequestServiceField) =>
    errors[name] ? (
      <p id={`rs-${name}-error`} className="text-sm font-medium text-destructive">
        {errors[name]}
      </p>
    ) : null;
  const { labels } = requestForm;
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form
      method="post"
      action={REQUEST_SERVICE_ACTION}
      onSubmit={onSubmit}
      noValidate={hydrated}
      data-hydrated={hydrated || undefined}
      aria-labelledby="rs-title"
      className="grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="rs-name" required>
            {labels.name}
          </Label>
          <Input {...field("name")} type="text" autoComplete="name" required defaultValue={defaults.name} />
          {error("name")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="rs-phone" required>
            {labels.phone}
          </Label>
          <Input {...field("phone")} type="tel" autoComplete="tel" required defaultValue={defaults.phone} />
          {error("phone")}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="rs-email">{labels.email}</Label>
        <Input {...field("email")} type="email" autoComplete="email" defaultValue={defaults.email} />
        {error("email")}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="rs-serviceType" required>
            {labels.serviceType}
          </Label>
          <Select
            {...field("serviceType")}
            required
            defaultValue={defaults.serviceType ?? ""}
            placeholder={requestForm.serviceTypePlaceholder}
            options={toOptions(serviceTypes)}
          />
          {error("serviceType")}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="rs-propertyType">{labels.propertyType}</Label>
          <Select {...field("propertyType")} defaultValue={defaults.propertyType ?? propertyTypes[0]} options={toOptions(propertyTypes)} />
          {error("propertyType")}
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="rs-message" required>
          {labels.message}
        </Label>
        <Textarea
          {...field("message")}
          rows={requestForm.messageRows}
          placeholder={requestForm.messagePlaceholder}
          required
          defaultValue={defaults.message}
        />
        {error("message")}
      </div>
      <div role="alert" className="empty:hidden">
        {hasErrors ? <p className="rounded-md border border-destructive/40 bg-card p-3 text-sm font-medium text-destructive">{requestForm.errorSummary}</p> : null}
      </div>
      <div role="status" className="empty:hidden">
        {notice ? (
          <p className="flex gap-3 rounded-md border border-accent/40 bg-card p-4 text-sm">
            <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            {notice}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:justify-self-start">
        <Send aria-hidden /> {requestForm.submitLabel}
      </Button>
    </form>
  );
}
