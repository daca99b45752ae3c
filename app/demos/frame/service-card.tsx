import { cva } from "class-variance-authority";
import type * as React from "react";

import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/cn";

import type { ServiceCard as Service } from "./schemas";
import { CheckList } from "./section";
import { useDemoStyle } from "./slots";

// Where the price stands: closing the card, or beside the icon at the top over a short note.
const priceVariants = cva("", {
  variants: {
    price: {
      footer: "",
      top: "text-right",
    },
  },
});

type ServiceCardProps = {
  service: Pick<Service, "icon" | "title" | "description" | "features" | "price">;
  price?: "footer" | "top";
  /** The line over a price at the top ("Starting at", "Flat rate"). */
  priceNote?: string;
  /** What the visitor does next (a link to the quote form), under the features. */
  action?: React.ReactNode;
  /** h2 where the cards are the first level under the page's h1. */
  titleAs?: "h2" | "h3";
  className?: string;
};

/**
 * One service with its icon, what it includes and its price; the demo's theme styles the
 * `service*` slots. With a `service-badge` slot the icon sits on a badge, else it stands bare.
 */
export function ServiceCard({
  service,
  price = "footer",
  priceNote,
  action,
  titleAs,
  className,
}: ServiceCardProps) {
  const { slots } = useDemoStyle();
  const Icon = service.icon;
  const bareIcon = <Icon aria-hidden data-slot="service-icon" className={slots["service-icon"]} />;
  const icon = slots["service-badge"] ? (
    <span data-slot="service-badge" className={slots["service-badge"]}>
      {bareIcon}
    </span>
  ) : (
    bareIcon
  );
  const priceLine = (
    <p data-slot="service-price" className={cn(priceVariants({ price }), slots["service-price"])}>
      {price === "top" ? (
        <>
          {priceNote && (
            <span data-slot="service-price-note" className={cn("block", slots["service-price-note"])}>
              {priceNote}
            </span>
          )}
          <span data-slot="service-price-value" className={slots["service-price-value"]}>
            {service.price}
          </span>
        </>
      ) : (
        service.price
      )}
    </p>
  );
  return (
    <Card className={cn(slots.service, className)}>
      {price === "top" && (
        <div
          data-slot="service-top"
          className={cn("flex items-start justify-between gap-4", slots["service-top"])}
        >
          {icon}
          {priceLine}
        </div>
      )}
      <CardHeader className={slots["service-header"]}>
        {price === "footer" && icon}
        <CardTitle as={titleAs} className={slots["service-title"]}>
          {service.title}
        </CardTitle>
        <CardDescription className={slots["service-text"]}>{service.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <CheckList
          items={service.features}
          className={slots["service-features"]}
          itemClassName={slots["service-feature"]}
          iconClassName={slots["service-feature-icon"]}
        />
      </CardContent>
      {price === "footer" && <CardFooter className={slots["service-footer"]}>{priceLine}</CardFooter>}
      {action}
    </Card>
  );
}
