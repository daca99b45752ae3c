import { Phone } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";

import { Button, type ButtonProps } from "~/components/ui/button";

/** What pressing a demo button says (docs/product.md#demo-sites: demo buttons never dial or book). */
export const demoActionNotice = {
  title: "This is a demo site",
  description: "Buttons here are for show; nothing is booked or dialled.",
} as const;

/**
 * Demo buttons such as Book Appointment or Call Now: they look real but never
 * dial or book; pressing one shows the notice above in the demo's notice region
 * (the inline page enhancements do that, so the demo pages need no React in the browser).
 */
export function InertAction({
  children,
  ...props
}: Omit<ButtonProps, "onClick" | "asChild"> & { children: React.ReactNode }) {
  return (
    <Button
      type="button"
      data-notice-title={demoActionNotice.title}
      data-notice-description={demoActionNotice.description}
      {...props}
    >
      {children}
    </Button>
  );
}

/** The demo's "Call" button: a phone icon before the label, inert like every demo action. */
export function CallAction({
  label,
  size = "lg",
  ...props
}: Omit<React.ComponentProps<typeof InertAction>, "children"> & { label: string }) {
  return (
    <InertAction size={size} {...props}>
      <Phone aria-hidden /> {label}
    </InertAction>
  );
}

/** A link inside the demo styled as its button (a real page of the demo, unlike the inert actions). */
export function ButtonLink({
  to,
  children,
  ...props
}: Omit<ButtonProps, "asChild"> & { to: string; children: React.ReactNode }) {
  return (
    <Button asChild {...props}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}
