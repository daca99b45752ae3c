import { data, redirect, useActionData } from "react-router";

import { PageHero } from "~/components/sections/page-hero";
import { PaymentForm } from "~/components/sections/payment-form";
import { SiteContactLinks } from "~/components/sections/site-contact-links";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { packageTypes, paymentPageContent as text, type PackageType } from "~/content/payment";
import { Island } from "~/islands/island";
import { readFormPost } from "~/lib/form-post";
import { seo } from "~/lib/seo";

import type { Route } from "./+types/payment";

export const meta: Route.MetaFunction = () =>
  seo({
    title: text.title,
    description: "Pay the amount quoted for your website securely in CAD.",
    path: "/payment",
  });

/**
 * The no-JavaScript path: the form posts here, and the visitor is sent (303)
 * straight to checkout, or sees the page again with the server's message.
 * With JavaScript the form calls /api/create-payment itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormPost(request, context);
  const packageValue = String(form.get("packageType") ?? "basic");
  const values = {
    amount: String(form.get("amount") ?? "").slice(0, 32),
    packageType: (packageTypes as readonly string[]).includes(packageValue)
      ? (packageValue as PackageType)
      : "basic",
  };
  const payments = context.services?.payments;
  if (!payments) return data({ error: text.errorFallback, values }, { status: 503 });
  let result;
  try {
    result = await payments.createPayment(
      { amount: form.get("amount") ?? "", packageType: form.get("packageType") ?? undefined },
      { clientIp: context.clientIp ?? "unknown" },
    );
  } catch {
    // The database (or something under it) failed: the page again with the values kept, not an error page.
    return data({ error: text.errorFallback, values }, { status: 503 });
  }
  if (result.ok) return redirect(result.url, 303);
  const headers = result.status === 429 ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
  return data({ error: result.error, values }, { status: result.status, headers });
}

export default function Page() {
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHero title={text.title}>{text.intro}</PageHero>
      <Container className="grid gap-8 py-12 sm:py-16 lg:grid-cols-5 lg:gap-12">
        <Card className="p-5 sm:p-8 lg:col-span-3">
          <h2 className="text-xl font-bold">Your payment</h2>
          {/* The form's notices and new-tab checkout need React; the rest of the page is static. */}
          <Island
            name="payment-form"
            component={PaymentForm}
            props={{ serverError: actionData?.error, defaults: actionData?.values }}
          />
        </Card>
        <aside className="flex flex-col gap-6 lg:col-span-2" aria-labelledby="payment-steps-heading">
          <div>
            <h2 id="payment-steps-heading" className="text-xl font-bold">
              {text.stepsHeading}
            </h2>
            <ol className="mt-4 flex flex-col gap-4">
              {text.steps.map((step, i) => (
                <li key={step.title} className="flex gap-3">
                  <span
                    aria-hidden
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                  >
                    {i + 1}
                  </span>
                  <span>
                    <span className="block font-semibold">{step.title}</span>
                    <span className="block text-sm text-muted-foreground">{step.text}</span>
                  </span>
                </li>
              ))}
            </ol>
            <p className="mt-4 text-sm text-muted-foreground">{text.splitNote}</p>
          </div>
          <div className="rounded-xl border bg-secondary p-5">
            <h2 className="font-semibold">{text.questionsHeading}</h2>
            <SiteContactLinks className="mt-3" />
          </div>
        </aside>
      </Container>
    </>
  );
}
