import { data, Link, redirect } from "react-router";

import { CheckboxField, Field, FieldError, FormAlert } from "~/components/form";
import { InlineScript, inlineSource } from "~/components/layout/inline-script";
import { ScopeOfWork } from "~/components/quote/scope-of-work";
import { PageHero } from "~/components/sections/page-hero";
import { SiteContactLinks } from "~/components/sections/site-contact-links";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { paymentPackage, paymentPageContent } from "~/content/payment";
import { siteConfig } from "~/content/site";
import { readFormPost } from "~/lib/form-post";
import { formatCad } from "~/lib/money";
import { seo } from "~/lib/seo";
import { formatSiteDate as date, formatSiteDateTimeWithZone as dateTime } from "~/lib/site-time";
import { lineIncluded } from "~/shared/quote-lines";
import type { QuoteLine } from "~/shared/quote-model";

import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = ({ params }) =>
  seo({
    title: "Your quote",
    description: `Your quote from ${siteConfig.name}.`,
    path: `/quote/${params.token}`,
    noindex: true,
  });

// The link's token never leaves in a Referer to another site. "same-origin", not "no-referrer": under
// no-referrer the browser sends Origin: null with the page's own Accept-and-pay post, which is refused.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
});

/**
 * Rendered per request: the quote as stored. Rendering it does not mark it viewed (a HEAD or a
 * mail scanner's GET renders it too): the page's script reports a person's view (`enhanceQuotePage`).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const quotes = context.services?.quotes;
  if (!quotes) throw new Response("Quotes are not available here.", { status: 503 });
  const quote = await quotes.view(params.token);
  if (!quote) throw data(null, { status: 404 });
  // A care plan on the quote (issue 42): "then $X/month", started here once the balance is paid.
  const carePlan = (await context.services?.quotePlans.ofQuotePage(params.token)) ?? null;
  // What a client returning to this tab would see change: the script reloads the page when it differs.
  const state = [
    quote.status,
    quote.due?.kind ?? "",
    quote.payments.length,
    quote.documents.map((d) => d.status).join(","),
    quote.agreement ? "signed" : "",
    quote.declined ? "declined" : "",
    carePlan?.state ?? "",
  ].join("|");
  return { quote, state, carePlan };
}

/**
 * 'Sign and pay': a plain form post into a new tab (as /payment opens checkout),
 * answered 303 to checkout; decision 0018. Only the token in the path and the
 * typed signature count; the amount is the stored quote's. 'Decline' and
 * 'Ask a question' post here too (intent), answered on this page.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const quotes = context.services?.quotes;
  if (!quotes) throw new Response("Quotes are not available here.", { status: 503 });
  const form = Object.fromEntries(await readFormPost(request, context));
  if (form.intent === "viewed") {
    // The page's script: a person's browser has shown the page (enhanceQuotePage).
    await quotes.seen(params.token, { userAgent: request.headers.get("user-agent") });
    return { intent: "viewed" as const };
  }
  if (form.intent === "options") {
    // The client's ticks, stored with totals the server computes; the page shows them (issue 38).
    const chosen = await quotes.choose(request, params.token, form);
    return chosen.ok
      ? { intent: "options" as const }
      : data(
          { intent: "options" as const, error: chosen.error, fields: undefined },
          { status: chosen.status },
        );
  }
  // A client signed in to the portal is identified by it (the agreement's audit page says so).
  const client = { clientIp: context.clientIp ?? "unknown", portalEmail: context.client?.email ?? null };
  if (form.intent === "start-plan") {
    // The quote's care plan, once the balance is paid: Stripe Checkout in subscription mode.
    const started = await context.services!.quotePlans.start(params.token, client);
    if (started.ok) return redirect(started.url, 303);
    return data(
      { intent: "start-plan" as const, error: started.error, fields: undefined },
      { status: started.status },
    );
  }
  const intent = form.intent === "decline" || form.intent === "question" ? form.intent : "pay";
  const result =
    intent === "pay"
      ? await quotes.payRequest(request, params.token, client, form)
      : await quotes.reply(request, params.token, client, intent, form);
  if (result.ok) return "url" in result ? redirect(result.url, 303) : { intent, sent: result.sent };
  const headers =
    result.status === 429 && result.retryAfterSeconds
      ? { "Retry-After": String(result.retryAfterSeconds) }
      : undefined;
  const fields = "fields" in result ? (result.fields as FormErrors | undefined) : undefined;
  return data({ intent, error: result.error, fields }, { status: result.status, headers });
}

/** Field errors by field name (signature, reason, question). */
type FormErrors = Partial<Record<"legalName" | "company" | "agree" | "reason" | "question", string>>;

const cad = (cents: number) => formatCad(cents, { withCode: true });

/**
 * Inlined at the end of the quote page, which runs no React (decision 0007); self-contained, as
 * it is serialised with Function#toString.
 *
 * Viewed (issue 37, item 10): a quote counts as viewed only when a person's browser shows it.
 * The loader cannot tell: a mail scanner fetches the link (GET, or HEAD) before the client does,
 * and a Sec-Fetch-* check fails for scanners that drive a real browser. So the page reports
 * itself, once it has been visible for a second (not a prerender, a background tab or a
 * scanner's instant load), with one same-origin post; the server drops a bot's user agent (a
 * headless browser's too) and counts the first one only (quotes.seen).
 *
 * Fresh on return (item 14): checkout opens in a new tab, so this tab still offered "Pay the
 * deposit" after the deposit was paid. When the client comes back to it (visible again, or the
 * window refocused: checkout may be a separate window), it asks the server for the page and
 * loads it again only if the quote's state changed, so what was typed here is kept otherwise.
 */
function enhanceQuotePage(doc: Document, data: { countView: boolean }) {
  const win = doc.defaultView;
  if (!win) return;
  const path = win.location.pathname;
  if (data.countView) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sent = false;
    const watch = () => {
      if (sent) return;
      if (doc.visibilityState !== "visible") {
        clearTimeout(timer);
        timer = undefined;
      } else if (timer === undefined)
        timer = setTimeout(() => {
          sent = true;
          const body = new URLSearchParams({ intent: "viewed" });
          win.fetch(`${path}.data`, { method: "POST", body, keepalive: true }).catch(() => undefined);
        }, 1000);
    };
    watch();
    doc.addEventListener("visibilitychange", watch);
  }
  // Options (issue 38): each tick is stored at once and the figures the server computed replace the shown ones.
  const options = doc.querySelector<HTMLElement>("[data-quote-options]");
  const update = options?.querySelector<HTMLElement>("[data-quote-options-update]");
  if (options && update) {
    update.hidden = true;
    let latest = 0;
    options.addEventListener("change", () => {
      const mine = ++latest;
      const body = new URLSearchParams({ intent: "options" });
      for (const box of options.querySelectorAll<HTMLInputElement>("input[type=checkbox]:checked"))
        body.append(box.name, "on");
      win
        .fetch(`${path}.data`, { method: "POST", body })
        .then((res) =>
          res.ok ? win.fetch(path, { cache: "no-store" }) : Promise.reject(new Error("refused")),
        )
        .then((res) => res.text())
        .then((html) => {
          if (mine !== latest) return;
          const fresh = new DOMParser().parseFromString(html, "text/html");
          for (const selector of ["[data-quote-figures]", "[data-quote-due]"]) {
            const next = fresh.querySelector(selector);
            const old = doc.querySelector(selector);
            // The children only: the due amount's live region stays, so the new amount is read out.
            if (next && old) old.replaceChildren(...[...next.childNodes].map((n) => doc.importNode(n, true)));
          }
        })
        .catch(() => {
          // Not stored (closed meanwhile, offline): the plain form's button does it, and says why.
          update.hidden = false;
        });
    });
  }
  const shown = doc.querySelector<HTMLElement>("[data-quote-state]")?.dataset.quoteState;
  let away = false;
  let checking = false;
  const leave = () => {
    away = true;
  };
  const back = () => {
    if (!away || checking || doc.visibilityState !== "visible") return;
    away = false;
    checking = true;
    win
      .fetch(path, { cache: "no-store" })
      .then((res) => (res.ok ? res.text() : ""))
      .then((html) => {
        const now = /data-quote-state="([^"]*)"/.exec(html)?.[1];
        // replace, not reload: this page may be the answer to a post (a question sent), never posted again.
        if (now !== undefined && now !== shown) win.location.replace(path);
      })
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  };
  doc.addEventListener("visibilitychange", () => (doc.visibilityState === "hidden" ? leave() : back()));
  win.addEventListener("blur", leave);
  win.addEventListener("focus", back);
}

export default function Page({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <QuoteScreen
      quote={loaderData.quote}
      carePlan={loaderData.carePlan}
      state={loaderData.state}
      actionData={actionData}
      token={params.token}
    />
  );
}

/**
 * The client's quote page; also the studio's "Preview as the client" of a draft (issue 38,
 * app/studio/quote-preview.tsx), which passes `preview`: a banner says so, every button is off
 * (its route has no action either) and the page's script, which counts a view and stores ticks,
 * is left out.
 */
export function QuoteScreen({
  quote: q,
  carePlan = null,
  state,
  actionData,
  token,
  preview,
}: {
  quote: Route.ComponentProps["loaderData"]["quote"];
  /** A care plan on the quote (issue 42): "then $X/month", started here once the balance is paid. */
  carePlan?: Route.ComponentProps["loaderData"]["carePlan"];
  state: string;
  actionData: Route.ComponentProps["actionData"];
  token: string;
  /** The studio's preview of a draft: where "Back to the lead" goes. */
  preview?: { backTo: string };
}) {
  const failed = actionData && "error" in actionData ? actionData : undefined;
  const payErrors = failed?.intent === "pay" ? failed.fields : undefined;
  const replyErrors = failed && failed.intent !== "pay" ? failed.fields : undefined;
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  const pkg = paymentPackage(q.packageType);
  const closed = q.status === "expired" || q.status === "withdrawn";
  const included = q.lines.filter(lineIncluded);
  const options = q.lines.flatMap((line, index) => (line.optional ? [{ line, index }] : []));
  const payLabel =
    q.due?.kind === "balance"
      ? "Pay the balance"
      : `${q.needsSignature ? "Sign and pay" : "Pay"} ${q.due?.kind === "deposit" ? "the deposit" : "now"}`;
  const off = preview !== undefined;
  return (
    <>
      {preview && <PreviewBanner backTo={preview.backTo} />}
      {/* A non-breaking hyphen: the reference stays on one line on a narrow screen. */}
      <PageHero title={`Quote ${q.reference.replace("-", "\u2011")}`}>
        {q.clientName ? `Hello ${q.clientName}, here` : "Here"} is {siteConfig.name}'s quote for your{" "}
        {pkg.name}.
      </PageHero>
      <Container className="grid gap-8 py-12 sm:py-16 lg:grid-cols-5 lg:gap-12" data-quote-state={state}>
        <Card className="p-5 sm:p-8 lg:col-span-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-xl font-bold">Scope and price</h2>
            <Badge variant="outline">{statusText(q.status)}</Badge>
          </div>
          <p className="text-muted-foreground">{pkg.summary}</p>
          {q.scope.length > 0 && (
            <section aria-labelledby="scope-heading" className="my-4 flex flex-col gap-2">
              <h3 id="scope-heading" className="text-lg font-semibold">
                Scope of work
              </h3>
              <ScopeOfWork blocks={q.scope} headingLevel={4} />
            </section>
          )}
          <table className="w-full text-left" data-quote-figures>
            <caption className="sr-only">Line items in Canadian dollars</caption>
            <thead>
              <tr className="border-b text-sm text-muted-foreground">
                <th scope="col" className="py-2 font-medium">
                  Item
                </th>
                <th scope="col" className="whitespace-nowrap py-2 pl-3 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {included.map((line, i) => (
                <tr key={i} className="border-b">
                  <td className="py-2">
                    {line.label}
                    {line.optional && <span className="text-sm text-muted-foreground"> (option)</span>}
                    {line.taxes.length > 0 && (
                      <span className="block text-sm text-muted-foreground">
                        Taxes: {line.taxes.join(" + ")}
                      </span>
                    )}
                  </td>
                  <td className="whitespace-nowrap py-2 pl-3 text-right">{cad(line.amountCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {q.taxes.length > 0 && (
                <>
                  <tr>
                    <th scope="row" className="py-2 font-normal">
                      Subtotal
                    </th>
                    <td className="whitespace-nowrap py-2 pl-3 text-right">{cad(q.subtotalCents)}</td>
                  </tr>
                  {q.taxes.map((t) => (
                    <tr key={t.code}>
                      <th scope="row" className="py-2 font-normal">
                        {t.label}
                      </th>
                      <td className="whitespace-nowrap py-2 pl-3 text-right">{cad(t.cents)}</td>
                    </tr>
                  ))}
                </>
              )}
              <tr>
                <th scope="row" className="py-2 font-bold">
                  Total
                </th>
                <td className="whitespace-nowrap py-2 pl-3 text-right font-bold" data-testid="quote-total">
                  {cad(q.totalCents)}
                </td>
              </tr>
              {q.depositCents !== null && (
                <>
                  <tr>
                    <th scope="row" className="py-2 font-normal">
                      Deposit ({q.depositPercent}%), due to start
                    </th>
                    <td className="whitespace-nowrap py-2 pl-3 text-right">{cad(q.depositCents)}</td>
                  </tr>
                  <tr>
                    <th scope="row" className="py-2 font-normal">
                      Balance, due on completion
                    </th>
                    <td className="whitespace-nowrap py-2 pl-3 text-right">{cad(q.balanceCents!)}</td>
                  </tr>
                </>
              )}
              {carePlan && (
                <tr data-testid="quote-care-plan">
                  <th scope="row" className="py-2 font-normal">
                    {`${carePlan.name} care plan, from when the balance is paid, plus tax`}
                  </th>
                  <td className="whitespace-nowrap py-2 pl-3 text-right">{`then ${formatCad(carePlan.priceCents)}/month`}</td>
                </tr>
              )}
            </tfoot>
          </table>

          {carePlan?.state === "startable" && (
            <form method="post" className="flex flex-col gap-3 rounded-md border p-4">
              <input type="hidden" name="intent" value="start-plan" />
              <p>
                The balance is paid. Your {carePlan.name} care plan starts when you set up its monthly
                payment: {cad(carePlan.priceCents)} a month + tax, cancel at the end of any month.
              </p>
              {failed?.intent === "start-plan" && (
                <p role="alert" className="font-semibold text-destructive">
                  {failed.error}
                </p>
              )}
              <Button type="submit" className="self-start">
                {`Start the ${carePlan.name} care plan`}
              </Button>
            </form>
          )}
          {carePlan?.state === "started" && (
            <p role="status">
              Your {carePlan.name} care plan has started. Manage it from{" "}
              <a href="/portal/plans" className="underline">
                your plans
              </a>
              .
            </p>
          )}

          {q.due && (
            <form
              method="post"
              target="_blank"
              rel="noopener"
              className="flex flex-col gap-3"
              aria-labelledby={q.needsSignature ? "sign-heading" : undefined}
            >
              <input type="hidden" name="intent" value="pay" />
              {q.needsSignature && options.length > 0 && <QuoteOptions options={options} off={off} />}
              {q.needsSignature && (
                <fieldset className="flex flex-col gap-3 rounded-md border p-4">
                  <legend id="sign-heading" className="px-1 font-semibold">
                    Accept and sign
                  </legend>
                  <p className="text-sm text-muted-foreground">
                    Typing your name below and ticking the box signs this quote: its scope, prices, payment
                    schedule and{" "}
                    <a href="#terms-heading" className="underline">
                      terms
                    </a>
                    {q.contract ? (
                      <>
                        {" "}
                        and the{" "}
                        <a href="#agreement" className="underline">
                          service agreement
                        </a>
                      </>
                    ) : null}{" "}
                    as shown on this page.
                  </p>
                  <Field id="legalName" label="Your full legal name" error={payErrors?.legalName}>
                    <Input name="legalName" autoComplete="name" required maxLength={120} />
                  </Field>
                  <Field id="company" label="Company (if you sign for one)" error={payErrors?.company}>
                    <Input name="company" autoComplete="organization" maxLength={120} />
                  </Field>
                  <CheckboxField
                    id="agree"
                    name="agree"
                    required
                    // A full 24 px target (WCAG 2.2 target size): the box that signs should never be missed.
                    inputClassName="size-6 shrink-0"
                    label="I have read this quote and its terms, and I agree to them."
                    {...(payErrors?.agree ? { "aria-invalid": true, "aria-describedby": "agree-error" } : {})}
                  />
                  <FieldError id="agree-error">{payErrors?.agree}</FieldError>
                </fieldset>
              )}
              <p data-quote-due aria-live="polite">
                Amount due now: <strong>{cad(q.due.amountCents)}</strong>
              </p>
              <Button type="submit" size="lg" className="self-start" disabled={off}>
                {payLabel}
              </Button>
              <p className="text-sm text-muted-foreground">{paymentPageContent.secureNote}</p>
            </form>
          )}
          <FormAlert tone="error" focusKey={actionData} className="p-3 text-base">
            {failed?.intent === "pay" ? failed.error : undefined}
          </FormAlert>
          {q.agreement && (
            <section aria-labelledby="agreement-heading" className="rounded-md border p-4">
              <h2 id="agreement-heading" className="text-lg font-semibold">
                Signed agreement
              </h2>
              <p className="mt-1">
                {`Signed by ${q.agreement.signerName}${q.agreement.signerCompany ? ` for ${q.agreement.signerCompany}` : ""} on ${dateTime(q.agreement.signedAt)}.`}
              </p>
              <p className="mt-1">
                {q.agreement.countersigned
                  ? `Countersigned for ${siteConfig.name} by ${q.agreement.countersigned.name} (${q.agreement.countersigned.role}) on ${dateTime(q.agreement.countersigned.signedAt)}.`
                  : `${siteConfig.name} countersigns it next; the PDF then carries both signatures.`}
              </p>
              {/* Words, not a digest (issue 38): the PDF's digital seal is what a reader checks. */}
              <p className="mt-1 text-sm text-muted-foreground">
                The PDF is sealed with {siteConfig.name}&apos;s digital signature: your PDF reader shows
                whether it changed after it was sealed.
              </p>
              <p className="mt-2">
                <a href={`/quote/${token}/agreement.pdf`} className="underline" download>
                  Download the signed agreement (PDF)
                </a>
              </p>
            </section>
          )}
          {closed && (
            <div role="status" className="rounded-md border p-4">
              <p className="font-semibold">
                {q.status === "expired"
                  ? `This quote expired on ${date(q.expiresAt)}.`
                  : q.declined
                    ? "You declined this quote."
                    : "This quote has been withdrawn."}
              </p>
              <p className="mt-1">
                <Link to="/contact" className="underline">
                  Contact us
                </Link>{" "}
                and we will prepare an up-to-date quote.
              </p>
            </div>
          )}
          {q.payments.length > 0 && (
            <section aria-labelledby="receipt-heading">
              <h2 id="receipt-heading" className="text-lg font-semibold">
                Receipt
              </h2>
              <ul className="mt-2 flex flex-col gap-1">
                {q.payments.map((p) => (
                  <li key={`${p.kind}-${p.paidAt}`}>
                    {p.kind === "deposit" ? "Deposit" : p.kind === "balance" ? "Balance" : "Payment"} of{" "}
                    {cad(p.amountCents)} received on {date(p.paidAt)}
                    {p.receipt ? ` (receipt ${p.receipt})` : ""}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {q.documents.length > 0 && (
            <section aria-labelledby="documents-heading">
              <h2 id="documents-heading" className="text-lg font-semibold">
                Invoices and receipts
              </h2>
              <ul className="mt-2 flex flex-col gap-1">
                {q.documents.map((d) => (
                  <li key={d.id}>
                    <a href={d.href} className="underline" download>
                      {d.title}
                    </a>{" "}
                    · {cad(d.amountCents)} · {date(d.issuedAt)}
                    {d.status === "void" ? " · void" : ""}{" "}
                    <span className="text-sm text-muted-foreground">(PDF)</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </Card>
        <aside className="flex flex-col gap-6 lg:col-span-2" aria-labelledby="terms-heading">
          <div>
            <h2 id="terms-heading" className="text-xl font-bold">
              Terms
            </h2>
            <p className="mt-2 whitespace-pre-line text-muted-foreground">{q.terms}</p>
            {!closed && q.status !== "paid" && (
              <p className="mt-2 text-sm">Valid until {date(q.expiresAt)}.</p>
            )}
          </div>
          {q.contract && (
            <details className="rounded-xl border p-5" id="agreement">
              <summary className="cursor-pointer font-semibold">
                Service agreement (version {q.contract.version})
              </summary>
              <div className="mt-3 text-sm">
                <ScopeOfWork blocks={q.contract.blocks} headingLevel={3} />
              </div>
            </details>
          )}
          <div className="rounded-xl border bg-secondary p-5">
            <h2 className="font-semibold">Questions about your quote?</h2>
            {sent === "question" ? (
              <p role="status" className="mt-2">
                Thank you: your question was sent. We reply within one business day.
              </p>
            ) : (
              <form method="post" className="mt-3 flex flex-col gap-2">
                <input type="hidden" name="intent" value="question" />
                <Field id="question" label="Ask us a question" error={replyErrors?.question}>
                  <Textarea name="question" required maxLength={2000} rows={3} />
                </Field>
                <Button type="submit" variant="outline" className="self-start" disabled={off}>
                  Send question
                </Button>
              </form>
            )}
            <SiteContactLinks className="mt-3" />
          </div>
          {sent === "declined" ? (
            <p role="status" className="rounded-xl border p-5">
              Thank you for letting us know. The quote is declined; we have been told.
            </p>
          ) : (
            q.canDecline && (
              <details className="rounded-xl border p-5" open={actionData?.intent === "decline"}>
                <summary className="cursor-pointer font-semibold">Decline this quote</summary>
                <form method="post" className="mt-3 flex flex-col gap-2">
                  <input type="hidden" name="intent" value="decline" />
                  <Field id="reason" label="Reason (optional)" error={replyErrors?.reason}>
                    <Textarea name="reason" maxLength={1000} rows={3} />
                  </Field>
                  <Button type="submit" variant="outline" className="self-start" disabled={off}>
                    Decline the quote
                  </Button>
                </form>
              </details>
            )
          )}
          <FormAlert tone="error" focusKey={actionData} className="p-3 text-base">
            {failed && failed.intent !== "pay" && failed.intent !== "start-plan" ? failed.error : undefined}
          </FormAlert>
        </aside>
      </Container>
      {!off && <InlineScript source={inlineSource(enhanceQuotePage, { countView: q.status === "sent" })} />}
    </>
  );
}

/**
 * The options the client may tick before signing (issue 38). The ticks are posted with the
 * signature, and "Update the total" (this tab, no checks) stores them and shows the totals
 * the server computed; with scripts, each tick does that at once (enhanceQuotePage).
 */
function QuoteOptions({ options, off }: { options: { line: QuoteLine; index: number }[]; off: boolean }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-4" data-quote-options>
      <legend className="px-1 font-semibold">Options</legend>
      <p className="text-sm text-muted-foreground">
        Tick what you want included: the total, taxes and deposit above follow, and what is ticked when you
        sign is what you sign and are invoiced for.
      </p>
      {options.map(({ line, index }) => (
        <CheckboxField
          key={index}
          id={`option-${index}`}
          name={`option-${index}`}
          defaultChecked={line.chosen === true}
          inputClassName="size-6 shrink-0"
          label={`${line.label}: ${cad(line.amountCents)}${line.taxes.length > 0 ? ` + ${line.taxes.join(" + ")}` : ""}`}
        />
      ))}
      <Button
        type="submit"
        name="intent"
        value="options"
        variant="outline"
        formTarget="_self"
        formNoValidate
        className="self-start"
        disabled={off}
        data-quote-options-update
      >
        Update the total
      </Button>
    </fieldset>
  );
}

/** What the studio's preview says above the client's page: what it is, and that nothing on it acts. */
function PreviewBanner({ backTo }: { backTo: string }) {
  return (
    <aside
      aria-label="Preview"
      className="border-b-2 border-amber-600 bg-amber-50 text-amber-950"
      data-testid="quote-preview-banner"
    >
      <Container className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
        <p>
          <strong>Preview as the client.</strong> This draft is not sent: your client sees this page once you
          send it. Nothing on it can be signed, paid or sent, and opening it is not counted as a view.
        </p>
        <Link to={backTo} className="font-semibold underline underline-offset-4">
          Back to the lead
        </Link>
      </Container>
    </aside>
  );
}

function statusText(status: string) {
  return (
    (
      {
        sent: "Awaiting acceptance",
        viewed: "Awaiting acceptance",
        accepted: "Signed",
        deposit_paid: "Deposit paid",
        paid: "Paid in full",
        expired: "Expired",
        withdrawn: "Withdrawn",
      } as Record<string, string>
    )[status] ?? status
  );
}
