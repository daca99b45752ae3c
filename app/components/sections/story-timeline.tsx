import type { TimelineEntry } from "~/content/timeline";
import { cn } from "~/lib/cn";

/** The Our Story timeline: an ordered list, a vertical rail with a dot per milestone. */
export function StoryTimeline({
  entries,
  compact = false,
}: {
  entries: readonly TimelineEntry[];
  compact?: boolean;
}) {
  if (compact) {
    return (
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {entries.map((e, i) => (
          <li key={e.title} className="relative rounded-2xl border bg-card p-6 shadow-sm">
            <p className="text-sm font-semibold text-primary">
              <span className="sr-only">Milestone {i + 1}, </span>
              <time dateTime={e.dateTime}>{e.when}</time>
            </p>
            <h3 className="mt-2 text-lg font-bold">{e.title}</h3>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol className="relative mx-auto max-w-3xl">
      {entries.map((e, i) => (
        <li
          key={e.title}
          className={cn(
            "relative grid grid-cols-[2.5rem_1fr] gap-x-5 sm:grid-cols-[3rem_1fr] sm:gap-x-8",
            i < entries.length - 1 && "pb-12",
          )}
        >
          {/* The rail between dots. */}
          {i < entries.length - 1 && (
            <span
              aria-hidden
              className="absolute bottom-0 left-5 top-12 w-0.5 -translate-x-1/2 bg-gradient-to-b from-primary/60 to-border sm:left-6"
            />
          )}
          <span
            aria-hidden
            className="relative z-10 flex size-10 items-center justify-center rounded-full bg-gradient-to-br from-primary to-accent font-heading font-extrabold text-primary-foreground shadow-md ring-4 ring-background sm:size-12 sm:text-lg"
          >
            {i + 1}
          </span>
          <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">
              <time dateTime={e.dateTime}>{e.when}</time>
            </p>
            <h2 className="mt-2 text-2xl font-bold">{e.title}</h2>
            <p className="mt-3 text-lg leading-relaxed text-muted-foreground">{e.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
