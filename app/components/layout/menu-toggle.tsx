import { Menu, X } from "lucide-react";
import type * as React from "react";

import { cn } from "~/lib/cn";

const labels = { open: "Open menu", close: "Close menu" } as const;

/**
 * The mobile menu button of the site and demo headers. It renders closed and
 * stateless; the inline page enhancements (lib/page-enhancements.ts) open and close
 * the menu it controls, flip aria-expanded and its label, and close it on Escape
 * or on choosing a link. The icon follows aria-expanded through CSS.
 */
export function MenuToggle({
  controls,
  className,
  ...props
}: { controls: string } & Omit<React.ComponentProps<"button">, "children" | "onClick">) {
  return (
    <button
      type="button"
      data-menu-toggle=""
      data-label-open={labels.open}
      data-label-close={labels.close}
      aria-expanded="false"
      aria-controls={controls}
      aria-label={labels.open}
      className={cn("group", className)}
      {...props}
    >
      <Menu aria-hidden className="size-5 group-aria-expanded:hidden" />
      <X aria-hidden className="hidden size-5 group-aria-expanded:block" />
    </button>
  );
}
