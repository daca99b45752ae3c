import { useLayoutEffect, useRef, type ReactNode } from "react";

import { cn } from "~/lib/cn";

type FormAlertProps = {
  id?: string;
  /** What the outcome is; none: the region is empty (and hidden unless `persistent`). */
  tone?: "error" | "success";
  /** `alert` (default) is read out at once; `status` politely. */
  role?: "alert" | "status";
  /**
   * Focus moves to the alert each time this changes after the first render while it shows
   * something (default: the text shown), so the keyboard and a screen reader land on the
   * outcome; `false` never moves it (a form that focuses its first invalid field instead).
   */
  focusKey?: unknown;
  /** `p` for a sentence (default); `div` when the outcome is made of paragraphs. */
  as?: "p" | "div";
  /** Keep the empty region in the page, so a message appearing later is announced. */
  persistent?: boolean;
  className?: string;
  children?: ReactNode;
};

const toneClasses = {
  error: "rounded-md border border-destructive px-3 py-2 text-sm text-destructive",
  success: "rounded-md border border-accent bg-secondary px-3 py-2 text-sm text-foreground",
} as const;

/**
 * The outcome of a whole form (refused, sent, nothing sent): one region above or below the
 * fields, rendered by the server too, so a post made without JavaScript shows the same words.
 * A field's own error goes under that field (`Field`), and an outcome only the browser knows
 * on a public page may use the page's notice instead (`showNotice`, decision 0027).
 */
export function FormAlert({
  id,
  tone,
  role = "alert",
  focusKey,
  as: Tag = "p",
  persistent,
  className,
  children,
}: FormAlertProps) {
  const ref = useRef<HTMLParagraphElement & HTMLDivElement>(null);
  const shown = Boolean(children);
  const key = focusKey === undefined ? (typeof children === "string" ? children : shown) : focusKey;
  // Not on the first render: hydrating a page that already shows an answer leaves focus where the visitor put it.
  const seen = useRef(key);
  // A layout effect: focus moves in the commit that shows the message, not a frame later.
  useLayoutEffect(() => {
    if (Object.is(seen.current, key)) return;
    seen.current = key;
    if (shown && key !== false) ref.current?.focus();
  }, [shown, key]);
  if (!shown && !persistent) return null;
  return (
    <Tag
      ref={ref}
      id={id}
      role={role}
      tabIndex={focusKey === false ? undefined : -1}
      data-slot="form-alert"
      data-tone={shown ? tone : undefined}
      className={cn(shown && tone && toneClasses[tone], className)}
    >
      {children}
    </Tag>
  );
}
