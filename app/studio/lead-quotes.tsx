import { useEffect, useRef, useState } from "react";
import { data, Form } from "react-router";

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
import { previewTotals, QUOTE_FORM_LINES } from "~/shared/quote-form";
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

const QUOTE_INTENTS = ["quote-create", "quote-send", "quote-withdraw", "payment-refund"] as const;
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
        ? await quotes.send(leadId, quoteId, user.email, form.from)
        : intent === "payment-refund"
          ? await studio.refunds.refundFlagged(leadId, String(form.paymentId ?? ""), user.email)
          : await quotes.withdraw(leadId, quoteId, user.email);
  return result.ok
    ? { intent, error: undefined }
    : data({ intent, error: result.error }, { status: result.status });
}

const cad = (cents: number) => formatCad(cents, { withCode: true });

/** The lead's quotes (state, totals, what was paid) with their actions, and the form for a new one. */
export function LeadQuotes({
  quotes,
  busy,
  error,
  formKey,
  taxRegistered,
  leadId,
  closed = false,
}: {
  quotes: LeadQuote[];
  busy: boolean;
  error: (intent: string) => React.ReactNode;
  formKey: string;
  taxRegistered: boolean;
  leadId: string;
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
      replaceable={quotes.filter((q) => q.can.revise)}
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
      {closed ? (
        <details className="max-w-3xl">
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
      {q.declined && <p className="text-sm">Declined by the client (see the timeline for their reason).</p>}
      {q.status !== "draft" && <CopyLink id={q.id} link={q.link} />}
      <div className="flex flex-wrap gap-2">
        {q.can.send && action("quote-send", "Send to client")}
        {q.can.requestBalance && action("quote-send", "Send balance request")}
        {q.can.withdraw && action("quote-withdraw", "Withdraw", "outline")}
      </div>
    </li>
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
}: {
  prefix: string;
  what: string;
  enabled: boolean;
  /** A tax the client's province does not have cannot be ticked (the server would refuse it). */
  province: Province;
  className?: string;
}) {
  const allowed = new Set(availableTaxes(province).map((t) => t.code));
  return (
    <fieldset className={`flex flex-wrap items-center gap-x-4 gap-y-1 ${className}`} disabled={!enabled}>
      <legend className="sr-only">Taxes on {what}</legend>
      {taxCodes.map((code) => (
        <CheckboxField
          key={code}
          id={`${prefix}Tax${code}`}
          name={`${prefix}Tax${code}`}
          value="on"
          disabled={!allowed.has(code)}
          aria-describedby="quote-tax-help"
          labelClassName="text-sm"
          label={
            <>
              {code} <span className="sr-only">on {what}</span>
            </>
          }
        />
      ))}
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
}: {
  busy: boolean;
  error: React.ReactNode;
  formKey: string;
  taxRegistered: boolean;
  replaceable: LeadQuote[];
}) {
  const [preview, setPreview] = useState<ReturnType<typeof previewTotals> | null>(null);
  const [province, setProvince] = useState<Province>("BC");
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
            defaultValue=""
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
        <Field id="quote-province" label="Client's province or territory" className="max-w-xs">
          <Select
            name="province"
            defaultValue="BC"
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
        <Field id="quote-package" label="Package">
          <Select
            name="package"
            defaultValue="pro"
            options={packageTypes.map((p) => ({ value: p, label: paymentPackage(p).name }))}
          />
        </Field>
        <Field id="quote-amount" label="Package amount (CAD)">
          <Input name="amount" required inputMode="decimal" autoComplete="off" />
        </Field>
      </div>
      <TaxBoxes prefix="package" what="the package" enabled={taxRegistered} province={province} />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Extra line items (optional)</legend>
        {LINES.map((n) => (
          <div key={n} className="grid gap-2 sm:grid-cols-[1fr_10rem]">
            <Field id={`line${n}Label`} label={`Line ${n} description`} {...small}>
              <Input name={`line${n}Label`} maxLength={120} autoComplete="off" />
            </Field>
            <Field id={`line${n}Amount`} label={`Line ${n} amount (CAD)`} {...small}>
              <Input name={`line${n}Amount`} inputMode="decimal" autoComplete="off" />
            </Field>
            <TaxBoxes
              prefix={`line${n}`}
              what={`line ${n}`}
              enabled={taxRegistered}
              province={province}
              className="sm:col-span-2"
            />
          </div>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="quote-deposit" label="Deposit (% of total, empty for none)">
          <Input name="deposit" inputMode="numeric" defaultValue="50" autoComplete="off" />
        </Field>
        <Field id="quote-expires" label="Valid for (days)">
          <Input name="expiresDays" inputMode="numeric" defaultValue="30" required autoComplete="off" />
        </Field>
      </div>
      <Field id="quote-terms" label="Terms shown to the client">
        <Textarea name="terms" required maxLength={4000} rows={4} defaultValue={siteConfig.quoteTerms} />
      </Field>
      <LiveTotal preview={preview} />
      {error}
      <Button type="submit" disabled={busy} className="justify-self-start">
        Create draft quote
      </Button>
    </Form>
  );
}
