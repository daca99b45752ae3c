import type { ReactNode } from "react";
import { data, Link } from "react-router";

import { Field } from "~/components/form";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { readFormPost } from "~/lib/form-post";

import type { Route } from "./+types/settings";
import { formatTime, requireStudio, studioMeta } from "./guard";
import { PostForm, Section, type FormResult } from "./ui";

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

/** The page's forms, one per section: each posts its own fields, and the others keep their values. */
const SECTIONS = {
  quotes: "Saved: new quotes start from these values now.",
  taxes: "Saved: documents issued from now on carry these numbers.",
  reminders: "Saved: the next reminder scan (within 5 minutes) uses these.",
} as const;
type SectionName = keyof typeof SECTIONS;

export async function action({ request, context }: Route.ActionArgs) {
  const { settings, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const section: SectionName =
    String(form.section) in SECTIONS ? (String(form.section) as SectionName) : "quotes";
  const r = await settings.save(form, user.email);
  return r.ok
    ? { section, done: r.changed.length === 0 ? "Nothing changed." : SECTIONS[section] }
    : data({ section, error: r.error, fieldErrors: r.fieldErrors }, { status: r.status });
}

/** How the history names each setting (a catalogue item and a password carry their own prefix). */
const SETTING_NAMES: Record<string, string> = {
  defaultDepositPercent: "Default deposit",
  defaultValidityDays: "Default validity",
  defaultTerms: "Default terms",
  gstHstNumber: "GST/HST number",
  pstNumber: "PST number",
  reminderExpiringDays: "Expiry reminder (days before)",
  reminderBalanceDays: "First balance reminder (days after)",
  reminderBalanceSecondDays: "Second balance reminder (days after)",
  reminderExpiringText: "Expiry reminder wording",
  reminderBalanceText: "Balance reminder wording",
  contract: "Service agreement",
};
const settingName = (key: string) =>
  key.startsWith("catalogue:")
    ? "Catalogue item"
    : key.startsWith("care-plan:")
      ? "Care plan"
      : key.startsWith("password:")
        ? `Password of ${key.slice("password:".length)}`
        : (SETTING_NAMES[key] ?? key);

/** A change's value in words, short: what the history shows of before and after. */
const brief = (json: string | null) => {
  if (json === null) return "default";
  const value = JSON.parse(json) as unknown;
  if (value === "") return "none";
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
  {
    to: "/studio/account#password",
    label: "Account and password",
    hint: "Change your password; two-factor, passkeys",
  },
];

type Values = Route.ComponentProps["loaderData"]["values"];
/** The settings whose value is of type T (a number of days, a registration number, a text). */
type KeyOf<T> = { [K in keyof Values]: Values[K] extends T ? K : never }[keyof Values];

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { values, history } = loaderData;
  const result = actionData as (FormResult & { section: SectionName }) | undefined;
  const err = (k: keyof Values) => result?.fieldErrors?.[k];
  // A setting's field: its id and name are the setting's key, it starts from the value saved.
  const whole = (key: KeyOf<number>, label: string) => (
    <Field id={key} label={label} error={err(key)}>
      <Input name={key} inputMode="numeric" required defaultValue={String(values[key])} />
    </Field>
  );
  const registration = (key: KeyOf<string>, label: string, hint: string) => (
    <Field id={key} label={label} hint={hint} error={err(key)}>
      <Input name={key} maxLength={20} defaultValue={values[key]} />
    </Field>
  );
  const text = (key: KeyOf<string>, label: string, maxLength: number, rows: number) => (
    <Field id={key} label={label} error={err(key)}>
      <Textarea name={key} required maxLength={maxLength} rows={rows} defaultValue={values[key]} />
    </Field>
  );
  // One of the page's forms: it says which it is, and shows what the action answered it alone.
  const form = (section: SectionName, submit: string, fields: ReactNode) => (
    <PostForm
      className="grid max-w-2xl gap-4"
      hidden={{ section }}
      result={result?.section === section ? result : undefined}
      submit={submit}
    >
      {fields}
    </PostForm>
  );
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
        {form(
          "quotes",
          "Save the defaults",
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              {whole("defaultDepositPercent", "Deposit (% of total; 0 for none)")}
              {whole("defaultValidityDays", "Valid for (days)")}
            </div>
            {text("defaultTerms", "Terms a new quote starts with", 4000, 4)}
          </>,
        )}
      </Section>
      <Section id="taxes" title="Tax registration">
        {form(
          "taxes",
          "Save the numbers",
          <>
            <p className="text-sm text-muted-foreground">
              Printed on invoices and receipts issued from now on; documents already issued keep the number
              they were issued with. Without a GST/HST number the studio is a small supplier and a quote
              carries no tax.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              {registration(
                "gstHstNumber",
                "GST/HST number",
                "e.g. 123456789 RT0001; empty if not registered",
              )}
              {registration("pstNumber", "BC PST number", "e.g. PST-1234-5678; empty if not registered")}
            </div>
          </>,
        )}
      </Section>
      <Section id="reminders" title="Reminders to clients">
        {form(
          "reminders",
          "Save the reminders",
          <>
            <p className="text-sm text-muted-foreground">
              When the automatic reminders go out, and the sentence that ends each one (after the quote&apos;s
              facts).
            </p>
            <div className="grid gap-4 sm:grid-cols-3">
              {whole("reminderExpiringDays", "Quote expiring: days before")}
              {whole("reminderBalanceDays", "Balance: first, days after")}
              {whole("reminderBalanceSecondDays", "Balance: second, days after")}
            </div>
            {text("reminderExpiringText", "Quote expiring: closing sentence", 600, 2)}
            {text("reminderBalanceText", "Balance due: closing sentence", 600, 2)}
          </>,
        )}
      </Section>
      <Section id="history" title="Recent changes">
        {history.length === 0 ? (
          <p>No change yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {history.map((h) => (
              <li key={h.id} className="[overflow-wrap:anywhere]">
                <span className="font-semibold">{settingName(h.key)}</span> · {formatTime(h.at)} · {h.actor}:{" "}
                {brief(h.before)} → {brief(h.after)}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
