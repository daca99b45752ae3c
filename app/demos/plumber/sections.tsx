import { ArrowRight, CalendarCheck } from "lucide-react";

import { Container } from "~/components/ui/container";
import { ButtonLink, CallAction, InertAction } from "~/demos/frame/inert-action";
import { ServiceCard } from "~/demos/frame/service-card";
import { cn } from "~/lib/cn";

import { contactPath, emergencyBar, servicesIntro, type Feature, type PlumbingService } from "./content";

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
    <span
      className={cn(
        "flex size-14 shrink-0 items-center justify-center rounded-full bg-secondary text-primary",
        className,
      )}
    >
      <Icon aria-hidden className="size-7" />
    </span>
  );
}

/** A plumbing service on the frame's card, its flat rate at the top and a request link under it. */
export function PlumbingServiceCard({ service }: { service: PlumbingService }) {
  return (
    <ServiceCard
      service={service}
      price="top"
      priceNote={service.priceNote}
      className="h-full"
      action={
        <ButtonLink to={contactPath} className="mt-5 w-full rounded-full">
          {servicesIntro.requestLabel}
          <span className="sr-only">: {service.title}</span>
          <ArrowRight aria-hidden />
        </ButtonLink>
      }
    />
  );
}

export function BookButton({ label, className }: { label: string; className?: string }) {
  return (
    <InertAction size="lg" variant="outline" className={cn("rounded-full", className)}>
      <CalendarCheck aria-hidden /> {label}
    </InertAction>
  );
}

export function CallButton({
  label,
  className,
  variant = "accent",
}: {
  label: string;
  className?: string;
  variant?: "accent" | "secondary";
}) {
  return <CallAction label={label} variant={variant} className={cn("rounded-full", className)} />;
}
