import { useEffect, useRef, useState } from "react";
import { data, Form, Link } from "react-router";

import { CheckboxField, Field } from "~/components/form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { packageTypes, paymentPackage } from "~/content/payment";
import { paymentKindLabels, quoteStatusLabels } from "~/content/quotes";
import { siteConfig } from "~/content/site";
import { formatCad } from "~/lib/money";
import { catalogueKindLabels, catalogueTaxes, centsField, type CatalogueItem } from "~/shared/catalogue";
import { previewTotals, QUOTE_FORM_LINES } from "~/shared/quote-form";
import { MAX_SCOPE_LENGTH, MAX_SEND_NOTE_LENGTH } from "~/shared/scope-limits";
import {
  availableTaxes,
  provinceNames,
  provinces,
  SMALL_SUPPLIER_NOTICE,
  taxCodes,
  type Province,
} from "~/shared/taxes";

import type { LeadQuote } from "../../server/quotes/lead-quotes-context.server";
import { formatTime, type requireStudio } from "./guard";
import { Details, Section } from "./ui";

/** Extra line rows of the form: the count the server's parse of it reads. */
const LINES = Array.from({ length: QUOTE_FORM_LINES }, (_, i) => i + 1);

const QUOTE_INTENTS = [
  "quote-create",
  "quote-send",
  "quote-withdraw",
  "payment-refund",
  "quote-countersign",
] as const;
export type QuoteIntent = (typeof QUOTE_INTENTS)[number];

export const isQuoteIntent = (intent: unknown): intent is QuoteIntent =>
  QUOTE_INTENTS.includes(intent as QuoteIntent);

/**
 * The lead page's quote actions. The form's fields are checked on the server
 * (amounts parsed to integer cents, caps); the payment amount is only ever
 * the stored quote's.
 */
export async function quoteAction(
  studio: ReturnType<typeof requireStudio>,
  leadId: string,
  intent: QuoteIntent,
  form: Record<string, unknown>,
) {
  const { quotes, user } = studio;
  const quoteId = String(form.quoteId ?? "");
  const result =
    intent === "quote-create"
      ? await quotes.create(leadId, form, user.email)
      : intent === "quote-send"
        ? await quotes.send(leadId, quoteId, user.email, form.from, form.note)
        : intent === "quote-countersign"
          ? await quotes.countersign(leadId, quoteId, form, user.email)
          : intent === "payment-refund"
            ? await studio.refunds.refundFlagged(leadId, String(form.paymentId ?? ""), user.email)
            : await quotes.withdraw(leadId, quoteId, user.email);
  if (result.ok) return { intent, error: undefined };
  // A refused new quote comes back with its fields' refusals and what was typed, so a page
  // without JavaScript shows each error beside its field with the studio's figures still in it.
  const refused =
    intent === "quote-create" && "fieldErrors" in result && result.fieldErrors
      ? { fieldErrors: result.fieldErrors, values: typedValues(form) }
      : {};
  return data({ intent, error: result.error, ...refused }, { status: result.status });
}

/** The quote form's text fields as posted, capped, to fill the form again after a refusal (React escapes them). */
function typedValues(form: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form)
      .filter(([k, v]) => typeof v === "string" && k !== "intent" && k !== "requestKey")
      .slice(0, 80)
      .map(([k, v]) => [k, (v as string).slice(0, MAX_SCOPE_LENGTH)]),
  );
}

const cad = (cents: number) => formatCad(cents, { withCode: true });

export type QuoteFormRefusal = { fieldErrors: Record<string, string>; values: Record<string, string> };

/** The lead's quotes (state, totals, what was paid) with their actions, and the form for a new one. */
export function LeadQuotes({
  quotes,
  busy,
  error,
  formKey,
  taxRegistered,
  leadId,
  refused,
  catalogue = [],
  defaults,
  closed = false,
}: {
  quotes: LeadQuote[];
  busy: boolean;
  error: (intent: string) => React.ReactNode;
  formKey: string;
  taxRegistered: boolean;
  leadId: string;
  /** The last "Create draft quote" refused: its errors by field and what was typed. */
  refused?: QuoteFormRefusal;
  /** The catalogue's items a line may start from (issue 38). */
  catalogue?: CatalogueItem[];
  /** What a new quote starts from (/studio/settings). */
  defaults?: { defaultDepositPercent: number; defaultValidityDays: number; defaultTerms: string };
  /** The lead is Won or Lost: a new quote is rarely the next step, so its form is folded away. */
  closed?: boolean;
}) {
  const newQuote = (
    <NewQuote
      key={quotes.length}
      busy={busy}
      error={error("quote-create")}
      formKey={formKey}
      taxRegistered={taxRegistered}
      catalogue={catalogue}
      defaults={defaults}
      replaceable={quotes.filter((q) => q.can.revise)}
      refused={refused}
    />
  );
  return (
    <Section id="quotes" title="Quotes">
      {quotes.length === 0 ? (
        <p>No quotes yet.</p>
      ) : (
        <ul className="grid max-w-3xl gap-4">
          {quotes.map((q) => (
            <QuoteItem key={q.id} quote={q} busy={busy} leadId={leadId} />
          ))}
        </ul>
      )}
      {error("quote-send")}
      {error("quote-withdraw")}
      {error("quote-countersign")}
      {closed ? (
        // Open again when its post was refused, so the errors and what was typed show.
        <details className="max-w-3xl" open={refused ? true : undefined}>
          <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">
            Make another quote
          </summary>
          <div className="mt-3">{newQuote}</div>
        </details>
      ) : (
        newQuote
      )}
    </Section>
  );
}

function QuoteItem({ quote: q, busy, leadId }: { quote: LeadQuote; busy: boolean; leadId: string }) {
  const paid = (kind: "deposit" | "balance" | "full") => q.paid.find((p) => p.kind === kind);
  const deposit = paid("deposit");
  const balance = paid("balance");
  const full = paid("full");
  const facts: [string, string][] = [
    ["Package", paymentPackage(q.packageType).name],
    ["Total", cad(q.totalCents)],
    ...(q.depositCents !== null
      ? ([
          ["Deposit", `${cad(q.depositCents)}${deposit ? " · paid" : ""}`],
          [
            "Balance",
            `${cad(q.totalCents - q.depositCents)}${balance ? " · paid" : q.balanceRequested ? " · requested" : ""}`,
          ],
        ] as [string, string][])
      : full
        ? ([["Paid", cad(full.amountCents)]] as [string, string][])
        : []),
    ["Created", formatTime(q.createdAt)],
    ["Valid until", formatTime(q.expiresAt)],
  ];
  const action = (
    intent: "quote-send" | "quote-withdraw",
    label: string,
    variant: "default" | "outline" = "default",
  ) => (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="quoteId" value={q.id} />
      {/* The state this button was shown in: a second click of a send that already happened is not an error. */}
      <input type="hidden" name="from" value={q.status} />
      <Button type="submit" size="sm" variant={variant} disabled={busy}>
        {label} <span className="sr-only">{q.reference}</span>
      </Button>
    </Form>
  );
  return (
    <li className="grid gap-3 rounded-md border p-4" aria-labelledby={`quote-${q.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`quote-${q.id}`} className="font-semibold">
          Quote {q.reference}
        </h3>
        <Badge variant="outline" data-testid="quote-state">
          {quoteStatusLabels[q.status]}
        </Badge>
      </div>
      {/* Compact inside the quote's card: two columns at every width. */}
      <Details rows={facts} className="grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" />
      {q.paid.length > 0 && (
        <p className="text-sm">
          Received: {q.paid.map((p) => `${paymentKindLabels[p.kind]} ${cad(p.amountCents)}`).join(", ")}
        </p>
      )}
      {q.documents.length > 0 && (
        <div className="grid gap-1 text-sm">
          {/* A label, not a heading: the quote's card keeps its one heading. */}
          <p id={`documents-${q.id}`} className="font-semibold">
            {q.documents.some((d) => d.kind === "credit_note")
              ? "Invoices, receipts and credit notes"
              : "Invoices and receipts"}
          </p>
          <ul className="grid gap-1" aria-labelledby={`documents-${q.id}`}>
            {q.documents.map((d) => (
              <li key={d.id}>
                <a href={`/api/studio/leads/${leadId}/documents/${d.id}`} className="underline" download>
                  {d.title}
                </a>{" "}
                · {cad(d.amountCents)} · {formatTime(d.issuedAt)}
                {d.status === "void"
                  ? " · void"
                  : d.status === "paid" && d.kind === "invoice"
                    ? " · paid"
                    : ""}
              </li>
            ))}
          </ul>
        </div>
      )}
      {q.signed && (
        <p className="text-sm" data-testid="quote-signed">
          {`Signed by ${q.signed.name}${q.signed.company ? ` (${q.signed.company})` : ""} on ${formatTime(q.signed.at)} · `}
          <a href={q.signed.pdf} className="underline" download>
            Agreement PDF <span className="sr-only">of {q.reference}</span>
          </a>
        </p>
      )}
      {q.signed && q.countersigned && (
        <p className="text-sm" data-testid="quote-countersigned">
          {`Countersigned by ${q.countersigned.name} (${q.countersigned.role}) on ${formatTime(q.countersigned.at)}`}
        </p>
      )}
      {q.signed && !q.countersigned && (
        <details className="rounded-md border p-3 text-sm">
          <summary className="cursor-pointer font-semibold">
            Countersign <span className="sr-only">{q.reference}</span>
          </summary>
          <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="quote-countersign" />
            <input type="hidden" name="quoteId" value={q.id} />
            <Field id={`countersign-name-${q.id}`} label="Signing for the studio (full name)">
              <Input name="name" required maxLength={120} autoComplete="name" />
            </Field>
            <Field id={`countersign-role-${q.id}`} label="Role">
              <Input
                name="role"
                required
                maxLength={80}
                defaultValue="Owner"
                autoComplete="organization-title"
              />
            </Field>
            <Button type="submit" size="sm" disabled={busy} className="justify-self-start">
              Countersign the agreement
            </Button>
          </Form>
        </details>
      )}
      {q.declined && <p className="text-sm">Declined by the client (see the timeline for their reason).</p>}
      {q.note && (
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">Note sent with the quote</p>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">{q.note}</p>
        </div>
      )}
      {q.status !== "draft" && <CopyLink id={q.id} link={q.link} />}
      {q.can.send && <SendDraft quote={q} busy={busy} leadId={leadId} />}
      <div className="flex flex-wrap gap-2">
        {q.can.requestBalance && action("quote-send", "Send balance request")}
        {q.can.withdraw && action("quote-withdraw", "Withdraw", "outline")}
      </div>
    </li>
  );
}

/**
 * A draft's last steps (issue 38): look at it as the client will ("Preview as the client", a
 * page that acts on nothing), then send it with an optional personal note for the email.
 */
function SendDraft({ quote: q, busy, leadId }: { quote: LeadQuote; busy: boolean; leadId: string }) {
  return (
    <Form method="post" className="grid gap-3">
      <input type="hidden" name="intent" value="quote-send" />
      <input type="hidden" name="quoteId" value={q.id} />
      <input type="hidden" name="from" value={q.status} />
      <Field
        id={`note-${q.id}`}
        label="Personal note for the email (optional)"
        hint="Sent above the quote's figures, as you write it. The client's page does not show it."
      >
        <Textarea name="note" rows={3} maxLength={MAX_SEND_NOTE_LENGTH} />
      </Field>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" size="sm" disabled={busy}>
          Send to client <span className="sr-only">{q.reference}</span>
        </Button>
        <Link
          to={`/studio/leads/${leadId}/quotes/${q.id}/preview`}
          reloadDocument
          className="text-sm font-semibold text-primary underline underline-offset-4"
        >
          Preview as the client <span className="sr-only">{q.reference}</span>
        </Link>
      </div>
    </Form>
  );
}

/** The client's link, selectable as text; the button copies it where the browser allows. */
function CopyLink({ id, link }: { id: string; link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Field id={`link-${id}`} label="Client link">
      <div className="flex gap-2">
        <Input
          readOnly
          value={link}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="h-10 shrink-0"
          onClick={() =>
            void navigator.clipboard?.writeText(link).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy link
        </Button>
      </div>
      <p role="status" className="text-sm">
        {copied ? "Link copied." : ""}
      </p>
    </Field>
  );
}

/** The secondary fields of a row (a line item): a smaller label, closer to its box. */
const small = { className: "gap-1", labelClassName: "text-xs" } as const;

/** One line's tax boxes; disabled (with the reason above them) when the studio has no GST/HST number. */
function TaxBoxes({
  prefix,
  what,
  enabled,
  province,
  className = "",
  typed = {},
  error,
}: {
  prefix: string;
  what: string;
  enabled: boolean;
  /** A tax the client's province does not have cannot be ticked (the server would refuse it). */
  province: Province;
  className?: string;
  /** The form as last posted (refused): its ticks are kept. */
  typed?: Record<string, string>;
  error?: string;
}) {
  const allowed = new Set(availableTaxes(province).map((t) => t.code));
  const errorId = `${prefix}-taxes-error`;
  return (
    <fieldset
      className={`flex flex-wrap items-center gap-x-4 gap-y-1 ${className}`}
      disabled={!enabled}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="sr-only">Taxes on {what}</legend>
      {taxCodes.map((code) => (
        <CheckboxField
          key={code}
          id={`${prefix}Tax${code}`}
          name={`${prefix}Tax${code}`}
          value="on"
          disabled={!allowed.has(code)}
          defaultChecked={typed[`${prefix}Tax${code}`] === "on" ? true : undefined}
          aria-describedby="quote-tax-help"
          labelClassName="text-sm"
          label={
            <>
              {code} <span className="sr-only">on {what}</span>
            </>
          }
        />
      ))}
      {error && (
        <p id={errorId} className="basis-full text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Choosing the client's province ticks its taxes (issue 37): on the package, and on each
 * extra line that carried a tax (a line left untaxed stays so); a tax the province does
 * not have is unticked. The boxes are the form's own, so what is posted is what is shown.
 */
function tickProvinceTaxes(form: HTMLFormElement, province: Province) {
  const allowed = new Set(availableTaxes(province).map((t) => t.code));
  for (const prefix of ["package", ...LINES.map((n) => `line${n}`)]) {
    const boxes = taxCodes.flatMap((code) => {
      const box = form.elements.namedItem(`${prefix}Tax${code}`);
      return box instanceof HTMLInputElement ? [{ code, box }] : [];
    });
    const carries = prefix === "package" || boxes.some(({ box }) => box.checked);
    for (const { code, box } of boxes) box.checked = carries && allowed.has(code);
  }
}

/** A line chosen from the catalogue: its fields take the item's name, price and taxes for the client's province. */
function fillFromCatalogue(
  form: HTMLFormElement,
  prefix: string,
  item: CatalogueItem,
  province: Province,
  taxRegistered: boolean,
) {
  const input = (name: string) => form.elements.namedItem(name);
  const label = input(`${prefix}Label`);
  const amount = input(`${prefix}Amount`);
  if (label instanceof HTMLInputElement) label.value = item.name;
  if (amount instanceof HTMLInputElement) amount.value = centsField(item.priceCents);
  const taxes = taxRegistered ? catalogueTaxes(item.taxes, province) : [];
  for (const code of taxCodes) {
    const box = input(`${prefix}Tax${code}`);
    if (box instanceof HTMLInputElement) box.checked = taxes.includes(code);
  }
}

/**
 * The figures the form's fields come to, read from the form as it would be
 * posted and computed by the server's own parse and computeTotals
 * (app/shared/quote-form.ts): a preview only, the server recomputes on create.
 */
function LiveTotal({ preview }: { preview: ReturnType<typeof previewTotals> | null }) {
  let body: React.ReactNode;
  if (!preview) body = <p>Enter the package amount to see the total.</p>;
  else if (!preview.ok) body = <p>{preview.error}</p>;
  else {
    const t = preview.totals;
    const rows: [string, string][] = [
      ["Subtotal", cad(t.subtotalCents)],
      ...t.taxes.map((x): [string, string] => [x.label, cad(x.cents)]),
      ["Total", cad(t.totalCents)],
    ];
    if (t.depositCents !== null)
      rows.push(["Deposit", cad(t.depositCents)], ["Balance", cad(t.totalCents - t.depositCents)]);
    body = <Details rows={rows} className="grid-cols-[max-content_1fr] gap-x-4 gap-y-1" />;
  }
  return (
    <div className="grid gap-1 rounded-md bg-muted/50 p-3 text-sm">
      <p id="quote-live-total" className="font-semibold">
        Total as entered
      </p>
      {/* Read out when the figures change, after the studio pauses typing (polite). */}
      <div aria-live="polite" data-testid="quote-live-total">
        {body}
      </div>
    </div>
  );
}

function NewQuote({
  busy,
  error,
  formKey,
  taxRegistered,
  replaceable,
  refused,
  catalogue,
  defaults = { defaultDepositPercent: 50, defaultValidityDays: 30, defaultTerms: siteConfig.quoteTerms },
}: {
  busy: boolean;
  error: React.ReactNode;
  formKey: string;
  taxRegistered: boolean;
  replaceable: LeadQuote[];
  refused?: QuoteFormRefusal;
  catalogue: CatalogueItem[];
  defaults?: { defaultDepositPercent: number; defaultValidityDays: number; defaultTerms: string };
}) {
  const [preview, setPreview] = useState<ReturnType<typeof previewTotals> | null>(null);
  const typed = refused?.values ?? {};
  const fieldError = (name: string) => refused?.fieldErrors[name];
  const [province, setProvince] = useState<Province>(
    provinces.includes(typed.province as Province) ? (typed.province as Province) : "BC",
  );
  // Every change (typing, a tick, a choice) bubbles here; the form as it would be posted is what is totalled.
  const update = (form: HTMLFormElement) => {
    const fields = Object.fromEntries(new FormData(form));
    setPreview(
      typeof fields.amount === "string" && fields.amount.trim() !== "" ? previewTotals(fields) : null,
    );
  };
  const form = useRef<HTMLFormElement>(null);
  // What was typed before the scripts arrived (a slow phone) is totalled as soon as they do.
  useEffect(() => {
    if (form.current) update(form.current);
  }, []);
  return (
    <Form
      ref={form}
      method="post"
      className="grid max-w-3xl gap-4 rounded-md border p-4"
      aria-labelledby="new-quote"
      onChange={(e) => {
        const target = e.target as HTMLElement;
        if (target instanceof HTMLSelectElement && /^line\d+Item$/.test(target.name)) {
          const item = catalogue.find((i) => i.id === target.value);
          if (item)
            fillFromCatalogue(
              e.currentTarget,
              target.name.replace(/Item$/, ""),
              item,
              province,
              taxRegistered,
            );
        }
        if (target instanceof HTMLSelectElement && target.name === "province") {
          const chosen = target.value as Province;
          setProvince(chosen);
          if (taxRegistered) tickProvinceTaxes(e.currentTarget, chosen);
        }
        update(e.currentTarget);
      }}
    >
      <h3 id="new-quote" className="font-semibold">
        New quote
      </h3>
      <input type="hidden" name="intent" value="quote-create" />
      <input type="hidden" name="requestKey" value={formKey} />
      {replaceable.length > 0 && (
        // A sent quote's content never changes (a signature covers it): an edit is a new version that replaces it.
        <Field
          id="quote-supersedes"
          label="Replaces"
          hint="The quote chosen is withdrawn and this one becomes its next version; a signed quote keeps its agreement, and the new version needs a new signature."
        >
          <Select
            name="supersedes"
            defaultValue={typed.supersedes ?? ""}
            placeholder="Nothing: a new quote"
            options={replaceable.map((q) => ({
              value: q.id,
              label: `Quote ${q.reference} (version ${q.version}, ${quoteStatusLabels[q.status]})`,
            }))}
          />
        </Field>
      )}
      <fieldset className="grid gap-2" aria-describedby="quote-tax-help">
        <legend className="mb-1 text-sm font-semibold">Taxes</legend>
        <Field
          id="quote-province"
          label="Client's province or territory"
          className="max-w-xs"
          error={fieldError("province")}
        >
          <Select
            name="province"
            defaultValue={province}
            options={provinces.map((p) => ({ value: p, label: provinceNames[p] }))}
          />
        </Field>
        <p id="quote-tax-help" className="text-sm text-muted-foreground">
          {taxRegistered
            ? "Choosing the province ticks its taxes on the package and on each line that carries tax: GST 5% and PST 7% for a client in BC, GST alone elsewhere, HST instead for a client in ON (13%), NS (14%), NB, NL or PE (15%). Untick a line that is not taxed. Each tax is computed on the sum of its lines."
            : SMALL_SUPPLIER_NOTICE}
        </p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="quote-package" label="Package" error={fieldError("package")}>
          <Select
            name="package"
            defaultValue={typed.package ?? "pro"}
            options={packageTypes.map((p) => ({ value: p, label: paymentPackage(p).name }))}
          />
        </Field>
        <Field id="quote-amount" label="Package amount (CAD)" error={fieldError("amount")}>
          <Input name="amount" required inputMode="decimal" autoComplete="off" defaultValue={typed.amount} />
        </Field>
      </div>
      <TaxBoxes
        prefix="package"
        what="the package"
        enabled={taxRegistered}
        province={province}
        typed={typed}
        error={fieldError("packageTaxes")}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Extra line items (optional)</legend>
        {catalogue.length > 0 && (
          <p className="text-sm text-muted-foreground">
            A line can start from the{" "}
            <a href="/studio/settings/catalogue" className="underline">
              catalogue
            </a>
            : choose the item and its name, price and taxes fill in (left empty, they are taken from the item
            when you create the quote).
          </p>
        )}
        {LINES.map((n) => (
          <div key={n} className="grid gap-2 sm:grid-cols-[1fr_10rem]">
            {catalogue.length > 0 && (
              <Field
                id={`line${n}Item`}
                label={`Line ${n} from the catalogue`}
                {...small}
                className="sm:col-span-2"
              >
                <Select
                  name={`line${n}Item`}
                  defaultValue={typed[`line${n}Item`] ?? ""}
                  placeholder="Nothing: typed below"
                  options={catalogue.map((i) => ({
                    value: i.id,
                    label: `${i.name} (${catalogueKindLabels[i.kind]}, ${cad(i.priceCents)})`,
                  }))}
                />
              </Field>
            )}
            <Field
              id={`line${n}Label`}
              label={`Line ${n} description`}
              error={fieldError(`line${n}Label`)}
              {...small}
            >
              <Input
                name={`line${n}Label`}
                maxLength={120}
                autoComplete="off"
                defaultValue={typed[`line${n}Label`]}
              />
            </Field>
            <Field
              id={`line${n}Amount`}
              label={`Line ${n} amount (CAD)`}
              error={fieldError(`line${n}Amount`)}
              {...small}
            >
              <Input
                name={`line${n}Amount`}
                inputMode="decimal"
                autoComplete="off"
                defaultValue={typed[`line${n}Amount`]}
              />
            </Field>
            <TaxBoxes
              prefix={`line${n}`}
              what={`line ${n}`}
              enabled={taxRegistered}
              province={province}
              typed={typed}
              className="sm:col-span-2"
            />
            <CheckboxField
              id={`line${n}Optional`}
              name={`line${n}Optional`}
              defaultChecked={typed[`line${n}Optional`] === "on" ? true : undefined}
              className="sm:col-span-2"
              labelClassName="text-sm"
              label={`Line ${n} is optional: the client ticks it or not before signing`}
            />
          </div>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="quote-deposit" label="Deposit (% of total, empty for none)" error={fieldError("deposit")}>
          <Input
            name="deposit"
            inputMode="numeric"
            defaultValue={
              typed.deposit ?? (defaults.defaultDepositPercent ? String(defaults.defaultDepositPercent) : "")
            }
            autoComplete="off"
          />
        </Field>
        <Field id="quote-expires" label="Valid for (days)" error={fieldError("expiresDays")}>
          <Input
            name="expiresDays"
            inputMode="numeric"
            defaultValue={typed.expiresDays ?? String(defaults.defaultValidityDays)}
            required
            autoComplete="off"
          />
        </Field>
      </div>
      <Field
        id="quote-scope"
        label="Scope of work (optional)"
        hint="What the client gets: # for a heading, - for a list item, **bold**. Shown on the quote, signed in the agreement, summarised on the invoice."
        error={fieldError("scope")}
      >
        <Textarea name="scope" maxLength={MAX_SCOPE_LENGTH} rows={8} defaultValue={typed.scope} />
      </Field>
      <Field id="quote-terms" label="Terms shown to the client" error={fieldError("terms")}>
        <Textarea
          name="terms"
          required
          maxLength={4000}
          rows={4}
          defaultValue={typed.terms ?? defaults.defaultTerms}
        />
      </Field>
      <LiveTotal preview={preview} />
      {error}
      <Button type="submit" disabled={busy} className="justify-self-start">
        Create draft quote
      </Button>
    </Form>
  );
}
