import { data, Form } from "react-router";

import { Field, FormAlert } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { getPackage } from "~/content/packages";
import { EMAIL_INVALID, LINK_LIMITED, LINK_REFUSED, LINK_SENT } from "~/content/portal";
import { quoteStatusLabels } from "~/content/quotes";
import { siteConfig } from "~/content/site";
import { readFormPost } from "~/lib/form-post";
import { formatCad } from "~/lib/money";
import { linkRequest } from "~/schemas/portal";

import type { NextStep } from "../../server/portal/view.server";
import type { Route } from "./+types/home";
import { portalMeta, portalServices } from "./guard";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  portalMeta(loaderData && "projects" in loaderData ? "Your projects" : "Sign in");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { view } = portalServices(context);
  const client = context.client;
  if (!client) {
    const url = new URL(request.url);
    // better-auth sends a used, expired or altered link back here with ?error=.
    const refused = url.searchParams.has("error");
    return { signedIn: false as const, refused, signedOut: url.searchParams.has("signed-out") };
  }
  return { signedIn: true as const, projects: await view.home(client) };
}

/** "Email me a sign-in link": one answer for every email (nothing to enumerate), limits aside. */
export async function action({ request, context }: Route.ActionArgs) {
  const { signIn } = portalServices(context);
  const form = await readFormPost(request, context);
  const parsed = linkRequest.safeParse({ email: form.get("email") });
  if (!parsed.success) return data({ sent: false, fieldError: EMAIL_INVALID, error: null }, { status: 400 });
  const result = await signIn.requestLink(parsed.data.email, context.clientIp ?? "unknown");
  if (!result.ok)
    return data(
      { sent: false, fieldError: null, error: LINK_LIMITED },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  return { sent: true, fieldError: null, error: null };
}

const NEXT: Record<Exclude<NextStep, null>, string> = {
  sign: "Review and sign",
  "pay-deposit": "Pay the deposit",
  "pay-balance": "Pay the balance",
  pay: "Pay",
};

export default function PortalHome({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <SignIn {...loaderData} answer={actionData} />;
  const { projects } = loaderData;
  return (
    <div className="grid gap-6">
      <h1 className="font-heading text-2xl font-bold">Your projects</h1>
      {projects.length === 0 && <p>No quotes yet. When {siteConfig.name} sends you one, it appears here.</p>}
      {projects.map((p) => (
        <Card key={p.id} className="grid gap-3 p-5">
          <h2 className="font-heading text-lg font-semibold">
            {getPackage(p.packageType).name} · quote {p.reference}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">State</dt>
            <dd>{quoteStatusLabels[p.status]}</dd>
            <dt className="text-muted-foreground">Total</dt>
            <dd>{formatCad(p.totalCents)}</dd>
            <dt className="text-muted-foreground">Paid</dt>
            <dd>
              {formatCad(p.paidCents)}
              {p.refundedCents > 0 && ` (after ${formatCad(p.refundedCents)} refunded)`}
            </dd>
            <dt className="text-muted-foreground">Due now</dt>
            <dd>{p.dueCents > 0 ? formatCad(p.dueCents) : "Nothing"}</dd>
            {p.carePlan && (
              <>
                <dt className="text-muted-foreground">Care plan</dt>
                <dd>{`${p.carePlan.name}, then ${formatCad(p.carePlan.priceCents)}/month + tax once the balance is paid`}</dd>
              </>
            )}
          </dl>
          <p>
            <a
              className="inline-flex min-h-10 items-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground"
              href={p.href}
            >
              {p.next ? NEXT[p.next] : "See the quote"}
            </a>
          </p>
        </Card>
      ))}
      <p className="text-sm text-muted-foreground">
        Questions? Write to{" "}
        <a className="underline" href={`mailto:${siteConfig.email}`}>
          {siteConfig.email}
        </a>{" "}
        or call{" "}
        <a className="underline" href={siteConfig.phone.href}>
          {siteConfig.phone.display}
        </a>
        .
      </p>
    </div>
  );
}

function SignIn({
  refused,
  signedOut,
  answer,
}: {
  refused: boolean;
  signedOut: boolean;
  answer?: { sent: boolean; fieldError: string | null; error: string | null };
}) {
  return (
    <div className="mx-auto grid max-w-md gap-4">
      <h1 className="font-heading text-2xl font-bold">Your projects with {siteConfig.name}</h1>
      <p>
        Your quotes, agreements, invoices, receipts and calls in one place. We email you a link to sign in: no
        password.
      </p>
      {signedOut && !answer && <p role="status">You are signed out.</p>}
      <FormAlert
        id="portal-answer"
        tone={answer?.sent ? "success" : "error"}
        role={answer?.sent ? "status" : "alert"}
      >
        {answer?.sent ? LINK_SENT : (answer?.error ?? (refused ? LINK_REFUSED : undefined))}
      </FormAlert>
      <Form method="post" className="grid gap-4" noValidate>
        <Field id="email" label="Email" error={answer?.fieldError} errorProps={{ role: "alert" }}>
          <Input name="email" type="email" autoComplete="email" required maxLength={254} />
        </Field>
        <Button type="submit">Email me a sign-in link</Button>
      </Form>
    </div>
  );
}
