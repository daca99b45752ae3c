import type { CoreValue } from "./schemas";
import { useDemoStyle } from "./slots";

/** What a business stands for: icon, title and a line each; the demo's theme styles the `value*` slots. */
export function ValueGrid({ values }: { values: readonly CoreValue[] }) {
  const { slots } = useDemoStyle();
  return (
    <ul data-slot="value-grid" className={slots["value-grid"]}>
      {values.map(({ icon: Icon, title, description }) => (
        <li key={title} data-slot="value" className={slots.value}>
          <span data-slot="value-badge" className={slots["value-badge"]}>
            <Icon aria-hidden data-slot="value-icon" className={slots["value-icon"]} />
          </span>
          <h3 data-slot="value-title" className={slots["value-title"]}>
            {title}
          </h3>
          <p data-slot="value-text" className={slots["value-text"]}>
            {description}
          </p>
        </li>
      ))}
    </ul>
  );
}
