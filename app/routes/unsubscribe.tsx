import { data } from "react-router";

import { PageHero } from "~/components/sections/page-hero";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { siteConfig } from "~/content/site";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Unsubscribe from reminders",
    description: `Stop reminders from ${siteConfig.name}.`,
    path: "/unsubscribe",
    noindex: true,
  });

// The token stays off other sites' logs; nothing here is cached.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
});

const INVALID =
  "This unsubscribe link is not valid. Reply to any email from us and we will stop the reminders by hand.";

/**
 * A reminder's unsubscribe link (decision 0032). GET only shows a button, so a mail
 * scanner that opens links unsubscribes no one; the POST (the button, or a mail
 * client's RFC 8058 one-click `List-Unsubscribe=One-Click`) records the opt-out.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const optOuts = context.services?.reminderOptOuts;
  if (!optOuts) throw new Response("Not available here.", { status: 503 });
  return optOuts.verify(params.token) ? { invalid: false } : data({ invalid: true }, { status: 404 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const optOuts = context.services?.reminderOptOuts;
  if (!optOuts) throw new Response("Not available here.", { status: 503 });
  if (!(await optOuts.optOut(params.token))) return data({ done: false, error: INVALID }, { status: 404 });
  return { done: true, error: undefined };
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done === true;
  const error = actionData?.error ?? (loaderData.invalid ? INVALID : undefined);
  return (
    <>
      <PageHero title={done ? "You are unsubscribed" : "Unsubscribe from reminders"}>
        {done
          ? `${siteConfig.name} will send you no more reminders.`
          : `Stop the reminders ${siteConfig.name} sends about your quote and its balance.`}
      </PageHero>
      <Container className="max-w-2xl py-12 sm:py-16">
        <Card className="flex flex-col gap-4 p-5 sm:p-8">
          {error ? (
            <p role="alert">{error}</p>
          ) : done ? (
            <p role="status">
              Done. Receipts, invoices and agreements still reach you: they are records of what you paid and
              signed, not reminders.
            </p>
          ) : (
            <form method="post" className="flex flex-col items-start gap-4">
              <p>
                Receipts, invoices and agreements will still reach you: they are records of what you paid and
                signed, not reminders.
              </p>
              <Button type="submit" size="lg">
                Unsubscribe from reminders
              </Button>
            </form>
          )}
        </Card>
      </Container>
    </>
  );
}
