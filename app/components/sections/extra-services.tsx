import { Check, Smartphone, TrendingUp, Wrench } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import type { ExtraService } from "~/content/extras";
import { cn } from "~/lib/cn";
import { href } from "~/lib/href";

const icons: Record<ExtraService["id"], typeof Wrench> = {
  maintenance: Wrench,
  seo: TrendingUp,
  "mobile-app": Smartphone,
};

/** The three extra services: description, price and features. */
export function ExtraServices({
  items,
  compact = false,
}: {
  items: readonly ExtraService[];
  compact?: boolean;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {items.map((s) => {
        const Icon = icons[s.id];
        const titleId = `extra-${s.id}-title`;
        return (
          <li key={s.id} className="flex">
            <article
              aria-labelledby={titleId}
              className="flex w-full flex-col rounded-2xl border bg-card p-7 shadow-sm"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-primary to-accent text-primary-foreground shadow-sm">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 id={titleId} className="mt-5 text-xl font-bold">
                {s.title}
              </h3>
              <p className="mt-1 font-heading text-lg font-extrabold text-primary">{s.price}</p>
              <p className="mt-3 leading-relaxed text-muted-foreground">{s.description}</p>
              {!compact && (
                <>
                  <ul className={cn("mt-6 grid gap-2.5 border-t pt-6 text-sm")}>
                    {s.features.map((f) => (
                      <li key={f} className="flex items-start gap-2.5">
                        <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                        {f}
                      </li>
                    ))}
                  </ul>
                  <div className="mt-auto pt-7">
                    <Button asChild variant="outline" className="w-full">
                      <Link to={href("/contact")}>Ask About {s.title}</Link>
                    </Button>
                  </div>
                </>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
