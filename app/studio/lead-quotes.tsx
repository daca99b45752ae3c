import { useState } from "react";
import { Form, data } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { packageTypes, paymentPackage } from "~/content/payment";
import { paymentKindLabels, quoteStatusLabels } from "~/content/quotes";
import { siteConfig } from "~/content/site";
import { formatCad } from "~/lib/money";
import type { LeadQuote } from "../../server/quotes/studio.server";
import { formatTime, type requireStudio } from "./guard";
import { Details, Section } from "./ui";

/** Extra line rows of the form (server/quotes/studio.server.ts reads the same count). */
const LINES = [1, 2, 3] as const;

const QUOTE_INTENTS = ["quote-create", "quote-send", "quote-withdraw", "payment-refund"] as const;
export type QuoteIntent = (typeof QUOTE_INTENTS)[number];

export const isQuoteIntent = (intent: unknown): intent is QuoteIntent => QUOTE_INTENTS.includes(intent as QuoteIntent);

/**
 * The lead page's quote actions. The form's fields are checked on the server
 * (amounts parsed to integer cents, caps); the payment amount is only ever
 * the stored quote's.
 */
export async function quoteAction(studio: ReturnType<typeof requireStudio>, leadId: string, intent: QuoteIntent, form: Record<string, unknown>) {
  const { quotes, user } = studio;
  const quoteId = String(form.quoteId ?? "");
  const result =
    intent === "quote-create"
      ? await quotes.create(leadId, form, user.email)
      : intent === "quote-send"
        ? await quotes.send(leadId, quoteId, user.email, form.from)
        : intent === "payment-refund"
          ? await quotes.refund(leadId, String(form.paymentId ?? ""))
          : await quotes.withdraw(leadId, quoteId, user.email);
  return result.ok ? { intent, error: undefined } : data({ intent, error: result.error }, { status: result.status });
}

const cad = (cents: number) => formatCad(cents, { withCode: true });

/** The lead's quotes (state, totals, what was paid) with their actions, and the form for a new one. */
export function LeadQuotes({ quotes, busy, error, formKey }: { quotes: LeadQuote[]; busy: boolean; error: (intent: string) => React.ReactNode; formKey: string }) {
  return (
    <Section id="quotes" title="Quotes">
      {quotes.length === 0 ? (
        <p>No quotes yet.</p>
      ) : (
        <ul className="grid max-w-3xl gap-4">
          {quotes.map((q) => (
            <QuoteItem key={q.id} quote={q} busy={busy} />
          ))}
        </ul>
      )}
      {error("quote-send")}
      {error("quote-withdraw")}
      <NewQuote key={quotes.length} busy={busy} error={error("quote-create")} formKey={formKey} replaceable={quotes.filter((q) => q.can.revise)} />
    </Section>
  );
}

function QuoteItem({ quote: q, busy }: { quote: LeadQuote; busy: boolean }) {
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
          ["Balance", `${cad(q.totalCents - q.depositCents)}${balance ? " · paid" : q.balanceRequested ? " · requested" : ""}`],
        ] as [string, string][])
      : full
        ? ([["Paid", cad(full.amountCents)]] as [string, string][])
        : []),
    ["Created", formatTime(q.createdAt)],
    ["Valid until", formatTime(q.expiresAt)],
  ];
  const action = (intent: "quote-send" | "quote-withdraw", label: string, variant: "default" | "outline" = "default") => (
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
        <p className="text-sm">Received: {q.paid.map((p) => `${paymentKindLabels[p.kind]} ${cad(p.amountCents)}`).join(", ")}</p>
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
    <div className="grid gap-1.5">
      <Label htmlFor={`link-${id}`}>Client link</Label>
      <div className="flex gap-2">
        <Input id={`link-${id}`} readOnly value={link} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="h-10 shrink-0"
          onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => setCopied(false))}
        >
          Copy link
        </Button>
      </div>
      <p role="status" className="text-sm">
        {copied ? "Link copied." : ""}
      </p>
    </div>
  );
}

function NewQuote({ busy, error, formKey, replaceable }: { busy: boolean; error: React.ReactNode; formKey: string; replaceable: LeadQuote[] }) {
  return (
    <Form method="post" className="grid max-w-3xl gap-4 rounded-md border p-4" aria-labelledby="new-quote">
      <h3 id="new-quote" className="font-semibold">
        New quote
      </h3>
      <input type="hidden" name="intent" value="quote-create" />
      <input type="hidden" name="requestKey" value={formKey} />
      {replaceable.length > 0 && (
        // A sent quote's content never changes (a signature covers it): an edit is a new version that replaces it.
        <div className="grid gap-1.5">
          <Label htmlFor="quote-supersedes">Replaces</Label>
          <Select
            id="quote-supersedes"
            name="supersedes"
            aria-describedby="quote-supersedes-hint"
            defaultValue=""
            placeholder="Nothing: a new quote"
            options={replaceable.map((q) => ({ value: q.id, label: `Quote ${q.reference} (version ${q.version}, ${quoteStatusLabels[q.status]})` }))}
          />
          <p id="quote-supersedes-hint" className="text-sm text-muted-foreground">
            The quote chosen is withdrawn and this one becomes its next version; a signed quote keeps its agreement, and the new version needs a new signature.
          </p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="quote-package">Package</Label>
          <Select id="quote-package" name="package" defaultValue="pro" options={packageTypes.map((p) => ({ value: p, label: paymentPackage(p).name }))} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="quote-amount">Package amount (CAD)</Label>
          <Input id="quote-amount" name="amount" required inputMode="decimal" autoComplete="off" />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Extra line items (optional)</legend>
        {LINES.map((n) => (
          <div key={n} className="grid gap-2 sm:grid-cols-[1fr_10rem]">
            <div className="grid gap-1">
              <Label htmlFor={`line${n}Label`} className="text-xs">
                Line {n} description
              </Label>
              <Input id={`line${n}Label`} name={`line${n}Label`} maxLength={120} autoComplete="off" />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`line${n}Amount`} className="text-xs">
                Line {n} amount (CAD)
              </Label>
              <Input id={`line${n}Amount`} name={`line${n}Amount`} inputMode="decimal" autoComplete="off" />
            </div>
          </div>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="quote-deposit">Deposit (% of total, empty for none)</Label>
          <Input id="quote-deposit" name="deposit" inputMode="numeric" defaultValue="50" autoComplete="off" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="quote-expires">Valid for (days)</Label>
          <Input id="quote-expires" name="expiresDays" inputMode="numeric" defaultValue="30" required autoComplete="off" />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Tax</legend>
        <p className="flex items-center gap-2">
          <input id="quote-tax" type="checkbox" name="tax" value="on" className="size-4" />
          <label htmlFor="quote-tax" className="text-sm">
            Add a tax line
          </label>
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor="quote-tax-label" className="text-xs">
              Tax name
            </Label>
            <Input id="quote-tax-label" name="taxLabel" defaultValue="GST" maxLength={40} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="quote-tax-percent" className="text-xs">
              Rate (%)
            </Label>
            <Input id="quote-tax-percent" name="taxPercent" defaultValue="5" inputMode="decimal" />
          </div>
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor="quote-terms">Terms shown to the client</Label>
        <Textarea id="quote-terms" name="terms" required maxLength={4000} rows={4} defaultValue={siteConfig.quoteTerms} />
      </div>
      {error}
      <Button type="submit" disabled={busy} className="justify-self-start">
        Create draft quote
      </Button>
    </Form>
  );
}
