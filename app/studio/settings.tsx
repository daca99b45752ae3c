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

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { values, history } = loaderData;
  const result = actionData as
    { section: SectionName; done?: string; error?: string; fieldErrors?: Record<string, string> } | undefined;
  const err = (k: string) => result?.fieldErrors?.[k];
  const outcome = (section: SectionName) =>
    result?.section === section ? <ActionMessage error={result.error} done={result.done} /> : null;
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
          <input type="hidden" name="section" value="quotes" />
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
          {outcome("quotes")}
          <Button type="submit" disabled={busy} className="justify-self-start">
            Save the defaults
          </Button>
        </Form>
      </Section>
      <Section id="taxes" title="Tax registration">
        <Form method="post" className="grid max-w-2xl gap-4">
          <input type="hidden" name="section" value="taxes" />
          <p className="text-sm text-muted-foreground">
            Printed on invoices and receipts issued from now on; documents already issued keep the number they
            were issued with. Without a GST/HST number the studio is a small supplier and a quote carries no
            tax.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="gstHstNumber"
              label="GST/HST number"
              hint="e.g. 123456789 RT0001; empty if not registered"
              error={err("gstHstNumber")}
            >
              <Input name="gstHstNumber" maxLength={20} defaultValue={values.gstHstNumber} />
            </Field>
            <Field
              id="pstNumber"
              label="BC PST number"
              hint="e.g. PST-1234-5678; empty if not registered"
              error={err("pstNumber")}
            >
              <Input name="pstNumber" maxLength={20} defaultValue={values.pstNumber} />
            </Field>
          </div>
          {outcome("taxes")}
          <Button type="submit" disabled={busy} className="justify-self-start">
            Save the numbers
          </Button>
        </Form>
      </Section>
      <Section id="reminders" title="Reminders to clients">
        <Form method="post" className="grid max-w-2xl gap-4">
          <input type="hidden" name="section" value="reminders" />
          <p className="text-sm text-muted-foreground">
            When the automatic reminders go out, and the sentence that ends each one (after the quote&apos;s
            facts).
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              id="reminderExpiringDays"
              label="Quote expiring: days before"
              error={err("reminderExpiringDays")}
            >
              <Input
                name="reminderExpiringDays"
                inputMode="numeric"
                required
                defaultValue={String(values.reminderExpiringDays)}
              />
            </Field>
            <Field
              id="reminderBalanceDays"
              label="Balance: first, days after"
              error={err("reminderBalanceDays")}
            >
              <Input
                name="reminderBalanceDays"
                inputMode="numeric"
                required
                defaultValue={String(values.reminderBalanceDays)}
              />
            </Field>
            <Field
              id="reminderBalanceSecondDays"
              label="Balance: second, days after"
              error={err("reminderBalanceSecondDays")}
            >
              <Input
                name="reminderBalanceSecondDays"
                inputMode="numeric"
                required
                defaultValue={String(values.reminderBalanceSecondDays)}
              />
            </Field>
          </div>
          <Field
            id="reminderExpiringText"
            label="Quote expiring: closing sentence"
            error={err("reminderExpiringText")}
          >
            <Textarea
              name="reminderExpiringText"
              required
              maxLength={600}
              rows={2}
              defaultValue={values.reminderExpiringText}
            />
          </Field>
          <Field
            id="reminderBalanceText"
            label="Balance due: closing sentence"
            error={err("reminderBalanceText")}
          >
            <Textarea
              name="reminderBalanceText"
              required
              maxLength={600}
              rows={2}
              defaultValue={values.reminderBalanceText}
            />
          </Field>
          {outcome("reminders")}
          <Button type="submit" disabled={busy} className="justify-self-start">
            Save the reminders
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
