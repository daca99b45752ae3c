import type { ServiceCard as Service } from "./schemas";
import { CheckList } from "./section";
import { useDemoStyle } from "./slots";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * One service with its icon, what it includes and its price; the demo's theme styles the
 * `service*` slots. With a `service-badge` slot the icon sits on a badge, else it stands bare.
 */
export function ServiceCard({ service }: { service: Pick<Service, "icon" | "title" | "description" | "features" | "price"> }) {
  const { slots } = useDemoStyle();
  const Icon = service.icon;
  const icon = <Icon aria-hidden data-slot="service-icon" className={slots["service-icon"]} />;
  return (
    <Card className={slots.service}>
      <CardHeader className={slots["service-header"]}>
        {slots["service-badge"] ? (
          <span data-slot="service-badge" className={slots["service-badge"]}>
            {icon}
          </span>
        ) : (
          icon
        )}
        <CardTitle className={slots["service-title"]}>{service.title}</CardTitle>
        <CardDescription className={slots["service-text"]}>{service.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <CheckList items={service.features} className={slots["service-features"]} itemClassName={slots["service-feature"]} iconClassName={slots["service-feature-icon"]} />
      </CardContent>
      <CardFooter className={slots["service-footer"]}>
        <p data-slot="service-price" className={slots["service-price"]}>
          {service.price}
        </p>
      </CardFooter>
    </Card>
  );
}
