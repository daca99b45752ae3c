import { data, Link } from "react-router";

import { Field } from "~/components/form";
import { Badge } from "~/components/ui/badge";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { readFormPost } from "~/lib/form-post";
import { formatCad } from "~/lib/money";
import { centsField } from "~/shared/catalogue";

import type { StoredCarePlan } from "../../server/billing/plans/plans.server";
import type { Route } from "./+types/plan-settings";
import { requireStudio, studioMeta } from "./guard";
import { KeptItem, PostForm, Section, Subpage, type KeptResult } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Care plans");

export async function loader({ context }: Route.LoaderArgs) {
  const { carePlans } = requireStudio(context);
  return { plans: await carePlans.admin.plans() };
}

type ActionResult = KeptResult;

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
  const result = actionData as ActionResult | undefined;
  const forPlan = (id?: string) => (result && result.id === id ? result : undefined);
  const added = forPlan(undefined);
  return (
    <Subpage
      title="Care plans"
      intro={
        <>
          The monthly plans the studio sells. A change is charged by the next checkout at once; clients
          already on a plan keep the price Stripe bills them until their plan changes. The public pricing page
          shows the change after the next build. Every change is listed under the settings&apos; recent
          changes. See who is on each plan in{" "}
          <Link to="/studio/plans" className="text-primary underline underline-offset-4">
            Plans
          </Link>
          .
        </>
      }
    >
      <Section id="kept" title="Plans">
        <ul className="grid gap-3">
          {loaderData.plans.map((plan) => {
            const r = forPlan(plan.id);
            return (
              <KeptItem
                key={plan.id}
                id={plan.id}
                name={plan.name}
                line={
                  <>
                    {plan.retired && <Badge variant="secondary">Not sold</Badge>}
                    <span className="ml-auto whitespace-nowrap tabular-nums">
                      {formatCad(plan.priceCents, { withCode: true })} a month, {plan.changeHours} h of
                      changes
                    </span>
                  </>
                }
                note={plan.included.join(" · ")}
                result={r}
                fields={<PlanFields plan={plan} errors={r?.fieldErrors} />}
                toggle={
                  plan.retired
                    ? { intent: "offer", label: `Sell ${plan.name} again` }
                    : { intent: "retire", label: `Stop selling ${plan.name}` }
                }
              />
            );
          })}
        </ul>
      </Section>
      <Section id="add" title="Add a plan">
        <PostForm
          className="grid max-w-3xl gap-4 rounded-md border p-4"
          hidden={{ intent: "save" }}
          result={added}
          submit="Add the plan"
        >
          <PlanFields errors={added?.fieldErrors} />
        </PostForm>
      </Section>
    </Subpage>
  );
}
