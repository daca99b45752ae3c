import { data, Form, Link, useNavigation } from "react-router";

import { Field } from "~/components/form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { readFormPost } from "~/lib/form-post";
import { formatCad } from "~/lib/money";
import { centsField } from "~/shared/catalogue";

import type { StoredCarePlan } from "../../server/billing/plans/plans.server";
import type { Route } from "./+types/plan-settings";
import { requireStudio, studioMeta } from "./guard";
import { ActionMessage, Section } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Care plans");

export async function loader({ context }: Route.LoaderArgs) {
  const { carePlans } = requireStudio(context);
  return { plans: await carePlans.admin.plans() };
}

type ActionResult = {
  intent: string;
  id?: string;
  error?: string;
  done?: string;
  fieldErrors?: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { carePlans, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const intent = String(form.intent ?? "");
  const id = typeof form.id === "string" && form.id !== "" ? form.id : undefined;
  if (intent === "save") {
    const r = await carePlans.admin.save(form, user.email);
    return r.ok
      ? ({
          intent,
          id,
          done: `${r.plan.name} saved: the next checkout charges ${formatCad(r.plan.priceCents, { withCode: true })} a month; /pricing shows it after the next build.`,
        } satisfies ActionResult)
      : data({ intent, id, error: r.error, fieldErrors: r.fieldErrors } satisfies ActionResult, {
          status: r.status,
        });
  }
  if (intent === "retire" || intent === "offer") {
    const r = await carePlans.admin.setRetired(String(id ?? ""), intent === "retire", user.email);
    return r.ok
      ? ({
          intent,
          id,
          done:
            intent === "retire" ? "No longer sold. Clients on it keep it until they cancel." : "Sold again.",
        } satisfies ActionResult)
      : data({ intent, id, error: r.error } satisfies ActionResult, { status: r.status });
  }
  return data({ intent, error: "Unknown action." } satisfies ActionResult, { status: 400 });
}

/** One plan's fields: empty for a new one, the plan's values to change one. */
function PlanFields({ plan, errors }: { plan?: StoredCarePlan; errors?: Record<string, string> }) {
  const p = plan ? `plan-${plan.id}-` : "new-plan-";
  return (
    <>
      {plan && <input type="hidden" name="id" value={plan.id} />}
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem_10rem]">
        <Field id={`${p}name`} label="Name" error={errors?.name}>
          <Input name="name" required maxLength={60} defaultValue={plan?.name} autoComplete="off" />
        </Field>
        <Field id={`${p}price`} label="Monthly price before tax (CAD)" error={errors?.price}>
          <Input
            name="price"
            required
            inputMode="decimal"
            defaultValue={plan ? centsField(plan.priceCents) : undefined}
            autoComplete="off"
          />
        </Field>
        <Field id={`${p}hours`} label="Hours of changes a month" error={errors?.hours}>
          <Input
            name="hours"
            required
            inputMode="numeric"
            defaultValue={plan ? String(plan.changeHours) : undefined}
            autoComplete="off"
          />
        </Field>
      </div>
      <Field id={`${p}included`} label="What is included (one a line)" error={errors?.included}>
        <Textarea name="included" required rows={4} defaultValue={plan?.included.join("\n")} />
      </Field>
    </>
  );
}

export default function PlanSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = actionData as ActionResult | undefined;
  const forPlan = (id?: string) => (result && result.id === id ? result : undefined);
  const added = forPlan(undefined);
  return (
    <div className="grid gap-8">
      <p>
        <Link to="/studio/settings" className="text-sm text-primary underline-offset-4 hover:underline">
          Back to the settings
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">Care plans</h1>
      <p className="max-w-2xl text-muted-foreground">
        The monthly plans the studio sells. A change is charged by the next checkout at once; clients already
        on a plan keep the price Stripe bills them until their plan changes. The public pricing page shows the
        change after the next build. Every change is listed under the settings&apos; recent changes. See who
        is on each plan in{" "}
        <Link to="/studio/plans" className="text-primary underline underline-offset-4">
          Plans
        </Link>
        .
      </p>
      <Section id="kept" title="Plans">
        <ul className="grid gap-3">
          {loaderData.plans.map((plan) => {
            const r = forPlan(plan.id);
            return (
              <li key={plan.id} className="grid gap-2 rounded-md border p-4">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{plan.name}</span>
                  {plan.retired && <Badge variant="secondary">Not sold</Badge>}
                  <span className="ml-auto whitespace-nowrap tabular-nums">
                    {formatCad(plan.priceCents, { withCode: true })} a month, {plan.changeHours} h of changes
                  </span>
                </div>
                <p className="text-sm text-muted-foreground">{plan.included.join(" · ")}</p>
                {r && <ActionMessage error={r.error} done={r.done} />}
                <details open={Boolean(r?.fieldErrors)}>
                  <summary className="cursor-pointer text-sm text-primary">Change {plan.name}</summary>
                  <Form method="post" className="mt-3 grid gap-4">
                    <input type="hidden" name="intent" value="save" />
                    <PlanFields plan={plan} errors={r?.fieldErrors} />
                    <Button type="submit" disabled={busy} className="justify-self-start">
                      Save {plan.name}
                    </Button>
                  </Form>
                </details>
                <Form method="post">
                  <input type="hidden" name="id" value={plan.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value={plan.retired ? "offer" : "retire"}
                    variant="outline"
                    size="sm"
                    disabled={busy}
                  >
                    {plan.retired ? `Sell ${plan.name} again` : `Stop selling ${plan.name}`}
                  </Button>
                </Form>
              </li>
            );
          })}
        </ul>
      </Section>
      <Section id="add" title="Add a plan">
        <Form method="post" className="grid max-w-3xl gap-4 rounded-md border p-4">
          <input type="hidden" name="intent" value="save" />
          <PlanFields errors={added?.fieldErrors} />
          {added && <ActionMessage error={added.error} done={added.done} />}
          <Button type="submit" disabled={busy} className="justify-self-start">
            Add the plan
          </Button>
        </Form>
      </Section>
    </div>
  );
}
