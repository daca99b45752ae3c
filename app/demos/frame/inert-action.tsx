import type * as React from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { toast, warmToaster } from "~/components/ui/toast";

/**
 * Demo buttons such as Book Appointment or Call Now: they look real but never
 * dial or book (DECISIONS.md); pressing one says so.
 */
export function InertAction({ children, ...props }: Omit<ButtonProps, "onClick" | "asChild"> & { children: React.ReactNode }) {
  return (
    <Button
      type="button"
      onPointerEnter={warmToaster}
      onFocus={warmToaster}
      {...props}
      onClick={() => toast.info("This is a demo site", { description: "Buttons here are for show; nothing is booked or dialled." })}
    >
      {children}
    </Button>
  );
}
