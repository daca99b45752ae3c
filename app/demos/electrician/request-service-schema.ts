import { z } from "~/lib/zod";

import { propertyTypes, requestForm, serviceTypes } from "./content";

const { errors } = requestForm;

/**
 * The electrician demo's Request Service form (docs/product.md). Name, phone, service
 * type and message are required; email is optional but must be valid if given.
 * Being a demo, a valid request is never sent or stored anywhere.
 */
export const requestServiceSchema = z.object({
  name: z.string().trim().min(1, errors.name).max(100, errors.name),
  phone: z
    .string()
    .trim()
    .min(1, errors.phone)
    .regex(/^\+?[\d\s().-]{7,20}$/, errors.phone),
  email: z.union([z.literal(""), z.email(errors.email).max(254, errors.email)]),
  serviceType: z.enum(serviceTypes, { error: errors.serviceType }),
  propertyType: z.enum(propertyTypes, { error: errors.propertyType }),
  message: z.string().trim().min(1, errors.message).max(2000, errors.message),
});

export type RequestServiceInput = z.infer<typeof requestServiceSchema>;
export type RequestServiceField = keyof RequestServiceInput;
export type RequestServiceErrors = Partial<Record<RequestServiceField, string>>;

/** Validates raw form values and returns either the data or one message per invalid field. */
export function validateRequestService(
  values: Record<string, unknown>,
): { ok: true; data: RequestServiceInput } | { ok: false; errors: RequestServiceErrors } {
  const result = requestServiceSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: RequestServiceErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as RequestServiceField;
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, errors: fieldErrors };
}

/**
 * What the form's no-JavaScript post is answered with (the contact page's route action):
 * the demo notice, or the messages with what was typed. Nothing is stored or logged.
 */
export type RequestServiceAnswer =
  { notice: string } | { errors: RequestServiceErrors; values: Partial<Record<RequestServiceField, string>> };

const FIELDS: readonly RequestServiceField[] = [
  "name",
  "phone",
  "email",
  "serviceType",
  "propertyType",
  "message",
];

/** The answer to a posted form; only the known fields are read, and what is shown again is capped in length. */
export function answerRequestService(form: FormData, notice: (name: string) => string): RequestServiceAnswer {
  const values: Partial<Record<RequestServiceField, string>> = {};
  for (const name of FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  const result = validateRequestService(values);
  if (result.ok) return { notice: notice(result.data.name) };
  const shown = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, 2000)]));
  return { errors: result.errors, values: shown };
}
