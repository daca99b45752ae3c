import { Plus } from "lucide-react";

import type { AddOn } from "~/content/add-ons";
import { formatPrice } from "~/content/price";

/** The ten add-ons with their prices (docs/product.md#prices). */
export function AddOnsGrid({ items }: { items: readonly AddOn[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      {items.map((a) => (
        <li
          key={a.id}
          className="flex flex-col rounded-2xl border bg-card p-5 shadow-xs transition-shadow hover:shadow-md"
        >
          <div className="flex items-start justify-between gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
              <Plus aria-hidden className="size-4" />
            </span>
            <p className="font-heading text-xl font-extrabold text-primary">
              {formatPrice(a.price, a.from ? "+" : "")}
            </p>
          </div>
          <h3 className="mt-4 font-bold">{a.name}</h3>
          <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{a.description}</p>
        </li>
      ))}
    </ul>
  );
}
