import { useDemoStyle } from "./slots";

export type TimelineEntry = { label?: string; text: string };

/** A business's story as dated steps down a rule; the demo's theme styles the `timeline*` slots. */
export function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const { slots } = useDemoStyle();
  return (
    <ol data-slot="timeline" className={slots.timeline}>
      {entries.map(({ label, text }) => (
        <li key={label ?? text} data-slot="timeline-entry" className={slots["timeline-entry"]}>
          <span aria-hidden data-slot="timeline-dot" className={slots["timeline-dot"]} />
          {label && (
            <p data-slot="timeline-label" className={slots["timeline-label"]}>
              {label}
            </p>
          )}
          <p data-slot="timeline-text" className={slots["timeline-text"]}>
            {text}
          </p>
        </li>
      ))}
    </ol>
  );
}
