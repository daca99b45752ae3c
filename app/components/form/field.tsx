import { useContext, type ReactNode } from "react";
import type * as React from "react";

import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";

import { FieldContext } from "./field-context";

type FieldProps = {
  /** The control's id; the hint is `${id}-hint`, the error `${id}-error`. */
  id: string;
  label: ReactNode;
  required?: boolean;
  /** Help shown under the control, read with it (aria-describedby). */
  hint?: ReactNode;
  /** This field's own error: shown inline under it, marks the control invalid and describes it. */
  error?: string | null;
  /** Props of the error line (e.g. `role: "alert"` for an answer the server rendered). */
  errorProps?: Omit<React.ComponentProps<"p">, "id" | "children">;
  className?: string;
  labelClassName?: string;
  /** One control (Input, Select, Textarea from components/ui), which takes its id and aria-* from the field. */
  children: ReactNode;
};

/**
 * One form field: label, control, hint and inline error, wired for assistive technology
 * (label `for`, `aria-describedby`, `aria-invalid`). Parts carry `data-slot` (field,
 * label, field-hint, field-error) so a demo restyles them with scoped CSS, as shadcn/ui v4
 * styles its primitives. The rule of the kit: a field's error shows here, under the field;
 * an outcome of the whole form goes to a `FormAlert` or the page's notice (decision 0027).
 */
export function Field({
  id,
  label,
  required,
  hint,
  error,
  errorProps,
  className,
  labelClassName,
  children,
}: FieldProps) {
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <FieldContext value={{ id, describedBy, invalid: Boolean(error) }}>
      <div data-slot="field" className={cn("grid gap-2", className)}>
        <Label htmlFor={id} required={required} className={labelClassName}>
          {label}
        </Label>
        {children}
        {hint && <FieldHint>{hint}</FieldHint>}
        <FieldError {...errorProps}>{error}</FieldError>
      </div>
    </FieldContext>
  );
}

/** A checkbox with its label after it, on one line (a confirmation, an option). */
export function CheckboxField({
  id,
  label,
  className,
  labelClassName,
  inputClassName,
  ...props
}: Omit<React.ComponentProps<"input">, "type" | "id"> & {
  id: string;
  label: ReactNode;
  labelClassName?: string;
  inputClassName?: string;
}) {
  return (
    <p data-slot="field" data-orientation="horizontal" className={cn("flex items-center gap-2", className)}>
      <input
        id={id}
        type="checkbox"
        data-slot="checkbox"
        className={cn("size-4", inputClassName)}
        {...props}
      />
      <label htmlFor={id} data-slot="label" className={labelClassName}>
        {label}
      </label>
    </p>
  );
}

/** The field's help line, under its control. */
export function FieldHint({ className, ...props }: React.ComponentProps<"p">) {
  const field = useContext(FieldContext);
  return (
    <p
      data-slot="field-hint"
      id={field ? `${field.id}-hint` : undefined}
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

/** The field's error, inline under its control; nothing when there is none. */
export function FieldError({ className, children, ...props }: React.ComponentProps<"p">) {
  const field = useContext(FieldContext);
  if (!children) return null;
  return (
    <p
      data-slot="field-error"
      id={field ? `${field.id}-error` : undefined}
      className={cn("text-sm text-destructive", className)}
      {...props}
    >
      {children}
    </p>
  );
}
