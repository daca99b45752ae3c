import { CalendarCheck, Clock } from "lucide-react";
import { Ornament } from "./art";
import type { BarberService } from "./content";
import { Eyebrow } from "~/demos/frame/eyebrow";
import { InertAction } from "~/demos/frame/inert-action";
import { cn } from "~/lib/cn";

/** Section components of the barbershop demo: printed-menu typography, ornaments, double rules. */

/** A centred heading block with the diamond ornament under it. */
export function MenuTitle({ kicker, title, id, text, onDark = false }: { kicker?: string; title: string; id?: string; text?: string; onDark?: boolean | "oxblood" }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {/* Brass passes AA on navy but not on oxblood, so dark bands say which they are. */}
      {kicker && <Eyebrow className={onDark === "oxblood" ? "text-primary-foreground" : onDark ? "text-accent" : "text-primary"}>{kicker}</Eyebrow>}
      <h2 id={id} className="mt-3 text-3xl font-bold sm:text-4xl">
        {title}
      </h2>
      <Ornament className="mt-4" />
      {text && <p className={cn("mt-4", onDark ? "opacity-85" : "text-muted-foreground")}>{text}</p>}
    </div>
  );
}

/** One line of the price board: name, dotted leader, price; description and time below. */
export function MenuItem({ service }: { service: BarberService }) {
  return (
    <li className="py-5">
      <div className="flex items-baseline gap-3">
        <h3 className="font-heading text-xl font-bold">{service.title}</h3>
        <span aria-hidden className="min-w-6 flex-1 translate-y-[-0.25rem] border-b-2 border-dotted border-input" />
        <p className="font-heading text-2xl font-bold text-primary">{service.price}</p>
      </div>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <p className="text-muted-foreground">{service.description}</p>
        <p className="inline-flex items-center gap-1 font-semibold">
          <Clock aria-hidden className="size-3.5" />
          {service.duration}
        </p>
      </div>
    </li>
  );
}

export function BookButton({ label, className, variant = "default" }: { label: string; className?: string; variant?: "default" | "accent" | "outline" }) {
  return (
    <InertAction size="lg" variant={variant} className={cn("uppercase tracking-widest", className)}>
      <CalendarCheck aria-hidden /> {label}
    </InertAction>
  );
}
