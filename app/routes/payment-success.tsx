import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { Link } from "react-router";

import { SiteContactLinks } from "~/components/sections/site-contact-links";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { paymentSuccessContent as text } from "~/content/payment";
import { href } from "~/lib/href";
import { formatCad } from "~/lib/money";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/payment-success";

export const meta: Route.MetaFunction = () =>
  seo({
    title: text.title,
    description: "Thank you for your payment.",
    path: "/payment-success",
    noindex: true,
  });

/**
 * Rendered per request (never prerendered): the session id from checkout is
 * checked on the server, which fulfils the payment here if Stripe already
 * says paid and the webhook is late. Nothing unverified is shown.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (!sessionId) return { sessionId: null, verification: { state: "missing" as const } };
  const payments = context.services?.payments;
  const verification = payments
    ? await payments.verify(sessionId, { clientIp: context.clientIp ?? "unknown" })
    : ({ state: "unknown" } as const);
  // A quote's checkout opened in a new tab: this page leads back to the quote and its receipt (issue 37).
  const quotes = context.services?.quotes;
  const links = quotes && verification.state !== "unknown" ? await quotes.returnLinks(sessionId) : null;
  return { sessionId, verification, links };
}

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

export default function Page({ loaderData }: Route.ComponentProps) {
  const { verification: v, sessionId, links } = loaderData;
  const failed = v.state === "failed";
  // Money the quote did not take (late or a duplicate): said plainly, never "work begins".
  const refund = v.state === "paid" && "refund" in v && v.refund !== undefined;
  return (
    <section className="bg-gradient-to-b from-secondary to-background">
      <Container className="flex max-w-2xl flex-col items-center gap-6 py-16 text-center sm:py-24">
        {failed ? (
          <XCircle aria-hidden className="size-16 text-destructive" />
        ) : v.state === "paid" ? (
          <CheckCircle2 aria-hidden className="size-16 text-primary" />
        ) : (
          <Clock aria-hidden className="size-16 text-muted-foreground" />
        )}
        <h1 className="text-4xl font-extrabold sm:text-5xl">
          {failed ? text.failedTitle : refund ? text.refundTitle : text.title}
        </h1>
        <p className="text-lg text-muted-foreground">
          {failed ? text.failed : refund ? text.refund : text.thankYou}
        </p>

        {v.state === "paid" && (
          <div className="w-full rounded-xl border bg-card p-6 text-left shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold">{text.receiptHeading}</h2>
              {v.test && <Badge variant="outline">{text.testBadge}</Badge>}
            </div>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
              <dt className="text-muted-foreground">{text.packageLabel}</dt>
              <dd className="text-right font-semibold">{v.packageName}</dd>
              <dt className="text-muted-foreground">{text.amountLabel}</dt>
              <dd className="text-right font-semibold">{formatCad(v.amountCents, { withCode: true })}</dd>
              {v.quote && (
                <>
                  <dt className="text-muted-foreground">{text.quoteLabel}</dt>
                  <dd className="text-right font-semibold">
                    {v.quote.reference} ({text.quoteKinds[v.quote.kind]})
                  </dd>
                </>
              )}
              <dt className="text-muted-foreground">{text.referenceLabel}</dt>
              <dd className="text-right font-mono text-sm">{v.reference}</dd>
            </dl>
          </div>
        )}

        {v.state !== "paid" && (
          <div role="status" className="w-full rounded-xl border bg-card p-6 text-left shadow-sm">
            <h2 className="text-lg font-semibold">{statusHeading(v.state)}</h2>
            {statusText(v.state) && <p className="mt-2 text-muted-foreground">{statusText(v.state)}</p>}
            <SiteContactLinks className="mt-4 sm:flex-row sm:gap-6" aria-label={text.contactPrompt} />
            {v.state === "pending" && sessionId && (
              <Button asChild variant="outline" className="mt-4">
                <a href={`${href("/payment-success")}?session_id=${encodeURIComponent(sessionId)}`}>
                  {text.checkAgain}
                </a>
              </Button>
            )}
          </div>
        )}

        {links && (
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2" aria-label={text.quoteLabel}>
            <li>
              <a href={links.quote} className="font-semibold text-primary underline underline-offset-4">
                {text.backToQuote}
              </a>
            </li>
            {links.receipt && (
              <li>
                <a
                  href={links.receipt}
                  download
                  className="font-semibold text-primary underline underline-offset-4"
                >
                  {text.receiptLink}
                </a>
              </li>
            )}
          </ul>
        )}

        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={href("/")}>{text.returnHome}</Link>
          </Button>
          {failed && (
            <Button asChild size="lg" variant="outline">
              <Link to={href("/payment")}>{text.tryAgain}</Link>
            </Button>
          )}
        </div>
      </Container>
    </section>
  );
}

type State = "missing" | "unknown" | "pending" | "failed" | "paid";

function statusHeading(state: State) {
  return state === "pending"
    ? text.pendingHeading
    : state === "unknown"
      ? text.unknownHeading
      : state === "failed"
        ? text.contactPrompt
        : text.missingHeading;
}

function statusText(state: State) {
  return state === "pending"
    ? text.pending
    : state === "unknown"
      ? text.unknown
      : state === "failed"
        ? null
        : text.missing;
}
