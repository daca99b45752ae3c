import { CalendarCheck, Clock } from "lucide-react";

import { Eyebrow } from "~/demos/frame/eyebrow";
import { InertAction } from "~/demos/frame/inert-action";
import { cn } from "~/lib/cn";

import { Ornament } from "./art";

/** Section components of the barbershop demo: printed-menu typography, ornaments, double rules. */

/** A centred heading block with the diamond ornament under it. */
export function MenuTitle({
  kicker,
  title,
  id,
  text,
  onDark = false,
}: {
  kicker?: string;
  title: string;
  id?: string;
  text?: string;
  onDark?: boolean | "oxblood";
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {/* Brass passes AA on navy but not on oxblood, so dark bands say which they are. */}
      {kicker && (
        <Eyebrow
          className={
            onDark === "oxblood" ? "text-primary-foreground" : onDark ? "text-accent" : "text-primary"
          }
        >
          {kicker}
        </Eyebrow>
      )}
      <h2 id={id} className="mt-3 text-3xl font-bold sm:text-4xl">
        {title}
      </h2>
      <Ornament className="mt-4" />
      {text && <p className={cn("mt-4", onDark ? "opacity-85" : "text-muted-foreground")}>{text}</p>}
    </div>
  );
}

/** How long a service takes, with a clock: the detail under each price on the board and the tiles. */
export function Duration({ duration, className }: { duration: string; className?: string }) {
  return (
    <p className={cn("inline-flex items-center gap-1 font-semibold", className)}>
      <Clock aria-hidden className="size-3.5" />
      {duration}
    </p>
  );
}

export function BookButton({
  label,
  className,
  variant = "default",
}: {
  label: string;
  className?: string;
  variant?: "default" | "accent" | "outline";
}) {
  return (
    <InertAction size="lg" variant={variant} className={cn("uppercase tracking-widest", className)}>
      <CalendarCheck aria-hidden /> {label}
    </InertAction>
  );
}
