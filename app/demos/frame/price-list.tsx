import { cva } from "class-variance-authority";
import type * as React from "react";

import { cn } from "~/lib/cn";

import { useDemoStyle } from "./slots";

/** One priced line of a menu or price board: what it is, what it includes, its display price. */
export type PriceListItem = { title: string; description?: string; price: string };

/** Where the price stands decides the order of the line, so the order read aloud matches the order seen. */
type PricePosition = "first" | "last" | "leader";

const itemVariants = cva("", {
  variants: {
    price: {
      // A tile led by the price (a badge over the name).
      first: "flex flex-col",
      // A tile closed by the price, under the description.
      last: "flex flex-col",
      // A price board row: name, dotted leader and price on one line, the details under it.
      leader: "",
    },
  },
});

type PriceListProps<T extends PriceListItem> = {
  items: readonly T[];
  price?: PricePosition;
  /** Drawn first in each item (an illustration of it). */
  media?: (item: T) => React.ReactNode;
  /** Drawn after the description (a duration, a note). */
  detail?: (item: T) => React.ReactNode;
  className?: string;
};

/**
 * A demo's prices as a list; the demo's theme (or a scoped DemoStyleProvider, where one demo
 * shows two lists) styles the `price*` slots.
 */
export function PriceList<T extends PriceListItem>({
  items,
  price = "last",
  media,
  detail,
  className,
}: PriceListProps<T>) {
  const { slots } = useDemoStyle();
  return (
    <ul data-slot="price-list" data-price={price} className={cn(slots["price-list"], className)}>
      {items.map((item) => {
        const name = (
          <h3 data-slot="price-name" className={slots["price-name"]}>
            {item.title}
          </h3>
        );
        const value = (
          <p data-slot="price-value" className={slots["price-value"]}>
            {item.price}
          </p>
        );
        const text = item.description && (
          <p data-slot="price-text" className={slots["price-text"]}>
            {item.description}
          </p>
        );
        return (
          <li
            key={item.title}
            data-slot="price-item"
            className={cn(itemVariants({ price }), slots["price-item"])}
          >
            {price === "leader" ? (
              <>
                <div data-slot="price-line" className={cn("flex items-baseline gap-3", slots["price-line"])}>
                  {name}
                  <span
                    aria-hidden
                    data-slot="price-leader"
                    className={cn("min-w-6 flex-1 border-b-2 border-dotted", slots["price-leader"])}
                  />
                  {value}
                </div>
                <div
                  data-slot="price-details"
                  className={cn(
                    "flex flex-wrap items-center justify-between gap-x-4 gap-y-1",
                    slots["price-details"],
                  )}
                >
                  {text}
                  {detail?.(item)}
                </div>
              </>
            ) : (
              <>
                {media?.(item)}
                {price === "first" && value}
                {name}
                {text}
                {price === "last" && value}
                {detail?.(item)}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
