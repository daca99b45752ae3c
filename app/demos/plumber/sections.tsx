import { ArrowRight, CalendarCheck } from "lucide-react";
import { type Feature, type PlumbingService, contactPath, emergencyBar, servicesIntro } from "./content";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { ButtonLink, CallAction, InertAction } from "~/demos/frame/inert-action";
import { cn } from "~/lib/cn";
import { CheckList } from "~/demos/frame/section";

/** Section components of the plumber demo: soft cards, round icon badges, wave dividers. */

export function EmergencyBar() {
  return (
    <div className="bg-accent text-accent-foreground">
      <Container className="flex flex-col items-center justify-between gap-2 py-2 text-center text-sm font-semibold sm:flex-row sm:text-left">
        <p>{emergencyBar.text}</p>
        <CallAction label={emergencyBar.callLabel} size="sm" variant="secondary" className="rounded-full" />
      </Container>
    </div>
  );
}

export function IconBadge({ icon: Icon, className }: { icon: Feature["icon"]; className?: string }) {
  return (
    <span className={cn("flex size-14 shrink-0 items-center justify-center rounded-full bg-secondary text-primary", className)}>
      <Icon aria-hidden className="size-7" />
    </span>
  );
}

export function ServiceCard({ service }: { service: PlumbingService }) {
  return (
    <Card className="h-full gap-5 rounded-3xl p-7 transition-shadow hover:shadow-lg">
      <div className="flex items-start justify-between gap-4">
        <IconBadge icon={service.icon} />
        <p className="text-right">
          <span className="block text-xs font-semibold uppercase tracking-wide text-muted-foreground">{service.priceNote}</span>
          <span className="font-heading text-3xl font-bold text-primary">{service.price}</span>
        </p>
      </div>
      <div className="flex-1">
        <h3 className="font-heading text-xl font-semibold">{service.title}</h3>
        <p className="mt-2 text-muted-foreground">{service.description}</p>
        <CheckList items={service.features} className="mt-4 grid gap-2 text-sm" itemClassName="flex gap-2" iconClassName="mt-0.5 size-4 shrink-0 text-primary" />
      </div>
      <ButtonLink to={contactPath} className="w-full rounded-full">
        {servicesIntro.requestLabel}
        <span className="sr-only">: {service.title}</span>
        <ArrowRight aria-hidden />
      </ButtonLink>
    </Card>
  );
}

export function BookButton({ label, className }: { label: string; className?: string }) {
  return (
    <InertAction size="lg" variant="outline" className={cn("rounded-full", className)}>
      <CalendarCheck aria-hidden /> {label}
    </InertAction>
  );
}

export function CallButton({ label, className, variant = "accent" }: { label: string; className?: string; variant?: "accent" | "secondary" }) {
  return (
    <CallAction label={label} variant={variant} className={cn("rounded-full", className)} />
  );
}
