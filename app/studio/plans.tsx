import { data, Form, Link, useNavigation } from "react-router";

import { Field } from "~/components/form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { readFormPost } from "~/lib/form-post";
import { formatCad } from "~/lib/money";
import { formatSiteDate, siteDay } from "~/lib/site-time";
import { hoursText } from "~/shared/care-plan-form";

import type { Route } from "./+types/plans";
import { requireStudio, studioMeta } from "./guard";
import { ActionMessage, Section } from "./ui";

export const meta: Route.MetaFunction = () => studioMeta("Plans");

const STATES = [
  { value: "", label: "All" },
  { value: "active", label: "Active" },
  { value: "past_due", label: "Payment failed" },
  { value: "canceled", label: "Ended" },
] as const;
type State = "active" | "past_due" | "canceled";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { carePlans } = requireStudio(context);
  const asked = new URL(request.url).searchParams.get("state") ?? "";
  const state = STATES.find((s) => s.value === asked && s.value !== "")?.value as State | undefined;
  return {
    state: state ?? "",
    plans: await carePlans.admin.list(state),
    summary: await carePlans.summary(Date.now()),
    today: siteDay(Date.now()),
  };
}

type ActionResult = { id?: string; error?: string; done?: string; fieldErrors?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const { carePlans, user } = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const id = typeof form.subscriptionId === "string" ? form.subscriptionId : undefined;
  if (form.intent !== "log-hours")
    return data({ error: "Unknown action." } satisfies ActionResult, { status: 400 });
  const r = await carePlans.admin.logHours(form, user.email);
  return r.ok
    ? ({
        id,
        done: `${hoursText(r.minutes)} logged: the client sees it in their portal.`,
      } satisfies ActionResult)
    : data({ id, error: r.error, fieldErrors: r.fieldErrors } satisfies ActionResult, { status: r.status });
}

const stateBadge: Record<string, { label: string; variant: "default" | "destructive" | "secondary" }> = {
  active: { label: "Active", variant: "default" },
  past_due: { label: "Payment failed", variant: "destructive" },
  canceled: { label: "Ended", variant: "secondary" },
  incomplete: { label: "Incomplete", variant: "secondary" },
};

type Plan = Route.ComponentProps["loaderData"]["plans"][number];

function renewal(p: Plan) {
  if (p.status === "canceled")
    return p.currentPeriodEnd ? `Ended ${formatSiteDate(p.currentPeriodEnd)}` : "Ended";
  if (!p.currentPeriodEnd) return "Next renewal not known yet";
  return `${p.cancelAtPeriodEnd ? "Ends" : "Renews"} ${formatSiteDate(p.currentPeriodEnd)}`;
}

function LogHours({
  plan,
  today,
  result,
  busy,
}: {
  plan: Plan;
  today: string;
  result?: ActionResult;
  busy: boolean;
}) {
  const p = `hours-${plan.id.slice(0, 8)}-`;
  return (
    <details open={Boolean(result?.fieldErrors)}>
      <summary className="cursor-pointer text-sm text-primary">Log work on this plan</summary>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[10rem_7rem_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="log-hours" />
        <input type="hidden" name="subscriptionId" value={plan.id} />
        <Field id={`${p}day`} label="Day" error={result?.fieldErrors?.workedOn}>
          <Input name="workedOn" type="date" required max={today} defaultValue={today} />
        </Field>
        <Field id={`${p}hours`} label="Hours" error={result?.fieldErrors?.hours}>
          <Input name="hours" required inputMode="decimal" placeholder="1.5" autoComplete="off" />
        </Field>
        <Field id={`${p}note`} label="What was done (optional)" error={result?.fieldErrors?.note}>
          <Input name="note" maxLength={200} autoComplete="off" />
        </Field>
        <Button type="submit" disabled={busy}>
          Log hours
        </Button>
      </Form>
    </details>
  );
}

export default function PlansPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { plans, state, summary, today } = loaderData;
  const result = actionData as ActionResult | undefined;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Plans</h1>
        <Link to="/studio/settings/plans" className="text-sm text-primary underline-offset-4 hover:underline">
          Change the plans sold
        </Link>
      </div>
      <p className="max-w-2xl text-muted-foreground">
        Care plans clients pay monthly: {formatCad(summary.mrrCents, { withCode: true })} a month before tax
        from {summary.plans} plan{summary.plans === 1 ? "" : "s"}. Log the hours of changes you do: the client
        sees the same figure in their portal. Unused hours do not carry over to the next month.
      </p>
      <nav aria-label="Plans by state" className="flex flex-wrap gap-2">
        {STATES.map((s) => (
          <Link
            key={s.value}
            to={s.value ? `?state=${s.value}` : "."}
            aria-current={state === s.value ? "page" : undefined}
            className="inline-flex min-h-10 items-center rounded-md border px-3 text-sm aria-[current=page]:bg-muted aria-[current=page]:font-semibold"
          >
            {s.label}
          </Link>
        ))}
      </nav>
      <Section
        id="plans"
        title={state ? `${STATES.find((s) => s.value === state)!.label} plans` : "Every plan"}
      >
        {plans.length === 0 && <p>No plan here yet.</p>}
        <ul className="grid gap-3">
          {plans.map((p) => {
            const r = result && result.id === p.id ? result : undefined;
            const over = p.usedMinutes > p.changeHours * 60;
            return (
              <li key={p.id} className="grid gap-2 rounded-md border p-4" data-testid="studio-plan">
                <div className="flex flex-wrap items-center gap-2">
                  {p.leadId && p.firstName !== null ? (
                    <Link
                      to={`/studio/leads/${p.leadId}`}
                      className="font-semibold text-primary underline-offset-4 hover:underline"
                    >
                      {p.client}
                    </Link>
                  ) : (
                    <span className="font-semibold">{p.client}</span>
                  )}
                  <Badge variant={stateBadge[p.status]?.variant ?? "secondary"}>
                    {stateBadge[p.status]?.label ?? p.status}
                  </Badge>
                  <span className="ml-auto whitespace-nowrap tabular-nums">
                    {formatCad(p.priceCents, { withCode: true })} a month + tax ({p.province})
                  </span>
                </div>
                <p className="text-sm">
                  {p.planName} · {renewal(p)}
                </p>
                <p className="text-sm" data-testid="plan-hours">
                  Changes this month: {hoursText(p.usedMinutes)} of {p.changeHours} h
                  {over && <span className="font-semibold text-destructive"> (over the allowance)</span>}
                </p>
                {r && <ActionMessage error={r.error} done={r.done} />}
                {p.status !== "canceled" && <LogHours plan={p} today={today} result={r} busy={busy} />}
              </li>
            );
          })}
        </ul>
      </Section>
    </div>
  );
}
