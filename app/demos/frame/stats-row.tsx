import type { LucideIcon } from "lucide-react";

import { cn } from "~/lib/cn";

export type DemoStat = { number: string; label: string; icon: LucideIcon };

/**
 * A row of key figures (a stat: number, label, icon; docs/product.md#demo-sites) as a description
 * list, so "500+" is read together with what it counts.
 */
export function StatsRow({
  stats,
  className,
  itemClassName,
  numberClassName,
  iconClassName,
  align = "center",
}: {
  stats: readonly DemoStat[];
  className?: string;
  itemClassName?: string;
  numberClassName?: string;
  iconClassName?: string;
  align?: "center" | "start";
}) {
  const alignClass = align === "center" ? "items-center text-center" : "items-start text-left";
  return (
    <dl className={cn("grid grid-cols-2 gap-6 lg:grid-cols-4", className)}>
      {stats.map(({ number, label, icon: Icon }) => (
        <div key={label} className={cn("flex flex-col gap-1", alignClass, itemClassName)}>
          {/* dt comes first in the DOM (valid list); the figure is shown above it. */}
          <dt className="order-2 text-sm opacity-85">{label}</dt>
          <dd className={cn("order-1 flex flex-col gap-2", alignClass)}>
            <Icon aria-hidden className={cn("size-7", iconClassName)} />
            <span className={cn("font-heading text-3xl font-bold sm:text-4xl", numberClassName)}>
              {number}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
