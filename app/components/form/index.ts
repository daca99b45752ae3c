// The form kit (decision 0027, docs/how-to.md "A form"): every form, public and studio, is built from these.
export { CheckboxField, Field, FieldError, FieldHint } from "./field";
export { useFieldControl } from "./field-context";
export { FormAlert } from "./form-alert";
export { hydratedFormProps, useHydrated } from "./use-hydrated";
export { showNotice } from "~/lib/notice";
