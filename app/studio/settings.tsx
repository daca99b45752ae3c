import { data, Form, Link, useNavigation } from "react-router";

import { Field } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { readFormPost } from "~/lib/form-post";

import type { Route } from "./+types/settings";
import { formatTime, requireStudio, studioMeta } from "./guard";
import { ActionMessage, Section } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Settings");

export async function loader({ context }: Route.LoaderArgs) {
  const { settings, settingsHistory } = requireStudio(context);
  const [values, history] = await Promise.all([settings.read(), settingsHistory()]);
  return {
    values,
    history: history.map((h) => ({
      id: h.id,
      key: h.key,
      actor: h.actor,
      at: h.changed_at,
      before: h.before,
      after: h.after,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { settings, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const r = await settings.save(form, user.email);
  return r.ok
    ? { done: "Saved: new quotes start from these values now." }
    : data({ error: r.error, fieldErrors: r.fieldErrors }, { status: r.status });
}

/** A change's value in words, short: what the history shows of before and after. */
const brief = (json: string | null) => {
  if (json === null) return "default";
  const value = JSON.parse(json) as unknown;
  const text =
    typeof value === "string"
      ? value
      : typeof value === "object" && value && "name" in value
        ? `${String(value.name)}${"priceCents" in value ? ` at ${(Number(value.priceCents) / 100).toFixed(2)}` : ""}${"archived" in value && value.archived ? " (archived)" : ""}`
        : typeof value === "object" && value && "version" in value
          ? `version ${String(value.version)}`
          : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

const LINKS = [
  {
    to: "/studio/settings/catalogue",
    label: "Catalogue",
    hint: "Packages and add-ons, with prices and taxes",
  },
  {
    to: "/studio/settings/plans",
    label: "Care plans",
    hint: "Monthly plans: price, what is included, hours of changes",
  },
  {
    to: "/studio/settings/contract",
    label: "Service agreement",
    hint: "The clauses a client signs, versioned",
  },
  { to: "/studio/calls/settings", label: "Booking hours", hint: "When visitors can book a call" },
  { to: "/studio/account", label: "Account and password", hint: "Your password, two-factor, passkeys" },
];

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { values, history } = loaderData;
  const result = actionData as
    { done?: string; error?: string; fieldErrors?: Record<string, string> } | undefined;
  const err = (k: string) => result?.fieldErrors?.[k];
  return (
    <div className="grid gap-8">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <Section id="more" title="What else you can change">
        <ul className="grid gap-2 sm:grid-cols-2">
          {LINKS.map((l) => (
            <li key={l.to} className="rounded-md border p-3">
              <Link to={l.to} className="font-semibold text-primary underline-offset-4 hover:underline">
                {l.label}
              </Link>
              <p className="text-sm text-muted-foreground">{l.hint}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="quotes" title="Quote defaults">
        <Form method="post" className="grid max-w-2xl gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="defaultDepositPercent"
              label="Deposit (% of total; 0 for none)"
              error={err("defaultDepositPercent")}
            >
              <Input
                name="defaultDepositPercent"
                inputMode="numeric"
                required
                defaultValue={String(values.defaultDepositPercent)}
              />
            </Field>
            <Field id="defaultValidityDays" label="Valid for (days)" error={err("defaultValidityDays")}>
              <Input
                name="defaultValidityDays"
                inputMode="numeric"
                required
                defaultValue={String(values.defaultValidityDays)}
              />
            </Field>
          </div>
          <Field id="defaultTerms" label="Terms a new quote starts with" error={err("defaultTerms")}>
            <Textarea
              name="defaultTerms"
              required
              maxLength={4000}
              rows={4}
              defaultValue={values.defaultTerms}
            />
          </Field>
          <ActionMessage error={result?.error} done={result?.done} />
          <Button type="submit" disabled={busy} className="justify-self-start">
            Save the defaults
          </Button>
        </Form>
      </Section>
      <Section id="history" title="Recent changes">
        {history.length === 0 ? (
          <p>No change yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {history.map((h) => (
              <li key={h.id} className="[overflow-wrap:anywhere]">
                <span className="font-semibold">
                  {h.key.startsWith("catalogue:")
                    ? "Catalogue item"
                    : h.key.startsWith("care-plan:")
                      ? "Care plan"
                      : h.key}
                </span>{" "}
                · {formatTime(h.at)} · {h.actor}: {brief(h.before)} → {brief(h.after)}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
