import { createContext, useContext } from "react";

/** What a `Field` tells the control inside it: its id and the ids that describe it. */
export type FieldState = { id: string; describedBy?: string; invalid: boolean };

export const FieldContext = createContext<FieldState | null>(null);

type ControlProps = {
  id?: string;
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling";
  "aria-describedby"?: string;
};

/**
 * The props of a control (Input, Select, Textarea) completed from the Field around it, so the
 * label's `for`, the hint and the inline error are wired without each form repeating ids.
 * What the caller sets explicitly wins; outside a Field the props are returned unchanged.
 */
export function useFieldControl<P extends ControlProps>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  return {
    ...props,
    id: props.id ?? field.id,
    "aria-invalid": props["aria-invalid"] ?? (field.invalid || undefined),
    "aria-describedby": props["aria-describedby"] ?? field.describedBy,
  };
}
