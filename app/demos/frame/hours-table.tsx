import { cn } from "~/lib/cn";

export type OpeningHours = readonly { days: string; time: string }[];

/**
 * Opening hours as a description list (days, then time), so each time is read
 * with its days. Every element has a `data-slot`; the caller sets the spacing.
 */
export function HoursTable({
  hours,
  className,
  rowClassName,
  daysClassName,
  timeClassName,
}: {
  hours: OpeningHours;
  className?: string;
  rowClassName?: string;
  daysClassName?: string;
  timeClassName?: string;
}) {
  return (
    <dl data-slot="hours" className={cn("grid", className)}>
      {hours.map((h) => (
        <div key={h.days} data-slot="hours-row" className={cn("flex justify-between", rowClassName)}>
          <dt data-slot="hours-days" className={daysClassName}>
            {h.days}
          </dt>
          <dd data-slot="hours-time" className={timeClassName}>
            {h.time}
          </dd>
        </div>
      ))}
    </dl>
  );
}
