import { Check } from "lucide-react";

import { Button } from "~/components/ui/button";
import { carePlansCopy as copy, type CarePlan } from "~/content/care-plans";
import { formatCad } from "~/lib/money";
import { provinceNames, provinces } from "~/shared/taxes";

/** Where a plan's Subscribe form posts (server/billing/plans/routes.server.ts): the server charges the stored price. */
export const CARE_PLAN_SUBSCRIBE_PATH = "/api/care-plans/subscribe";

/**
 * The care plans of the pricing page: each a plain form (no JavaScript) that opens Stripe
 * Checkout for the plan; the province chosen decides GST, PST or HST.
 */
export function CarePlanCards({ items }: { items: readonly CarePlan[] }) {
  return (
    <ul className="mx-auto grid max-w-6xl gap-8 md:grid-cols-3">
      {items.map((p) => {
        const titleId = `care-plan-${p.id}-title`;
        return (
          <li key={p.id} className="flex">
            <article
              aria-labelledby={titleId}
              className="flex w-full flex-col rounded-3xl border bg-card p-8 shadow-sm"
            >
              <h3 id={titleId} className="text-2xl font-extrabold">
                {p.name}
              </h3>
              <p className="mt-4 flex items-baseline gap-2">
                <span className="font-heading text-4xl font-extrabold tracking-tight">
                  {formatCad(p.priceCents, { trimWholeDollars: true })}
                </span>
                <span className="text-muted-foreground">/ month + tax</span>
              </p>
              <p className="mt-2 text-sm font-semibold">{copy.hours(p.changeHours)}</p>
              <ul className="mt-6 flex-1 space-y-3">
                {p.included.map((item) => (
                  <li key={item} className="flex gap-3">
                    <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
              <form method="post" action={CARE_PLAN_SUBSCRIBE_PATH} className="mt-8 grid gap-3">
                <input type="hidden" name="plan" value={p.id} />
                <label htmlFor={`care-plan-${p.id}-province`} className="text-sm font-semibold">
                  {copy.province}
                </label>
                <select
                  id={`care-plan-${p.id}-province`}
                  name="province"
                  defaultValue="BC"
                  className="h-11 rounded-md border bg-background px-3"
                >
                  {provinces.map((code) => (
                    <option key={code} value={code}>
                      {provinceNames[code]}
                    </option>
                  ))}
                </select>
                <Button type="submit" size="lg">
                  {copy.subscribe}
                  <span className="sr-only"> to {p.name}</span>
                </Button>
              </form>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
