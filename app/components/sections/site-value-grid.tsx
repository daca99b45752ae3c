import { Accessibility, Award, Eye, Gauge, Handshake, Sprout } from "lucide-react";

import type { CoreValue } from "~/content/values";
import { cn } from "~/lib/cn";

const icons: Record<CoreValue["icon"], typeof Award> = {
  award: Award,
  handshake: Handshake,
  eye: Eye,
  gauge: Gauge,
  accessibility: Accessibility,
  sprout: Sprout,
};

/** The six core values. */
export function SiteValueGrid({
  items,
  compact = false,
}: {
  items: readonly CoreValue[];
  compact?: boolean;
}) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-3", compact && "gap-4")}>
      {items.map((v) => {
        const Icon = icons[v.icon];
        return (
          <li
            key={v.title}
            className={cn(
              "rounded-2xl border bg-card shadow-sm",
              compact ? "flex items-start gap-4 p-5" : "p-6",
            )}
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
              <Icon aria-hidden className="size-5" />
            </span>
            <div>
              <h3 className={cn("font-bold", compact ? "text-base" : "mt-5 text-lg")}>{v.title}</h3>
              <p className={cn("mt-1.5 leading-relaxed text-muted-foreground", compact && "text-sm")}>
                {v.description}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
