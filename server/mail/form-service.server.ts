import type { Inquiry } from "~/schemas/inquiry";

import { inquirySubject, inquiryText } from "./emails/inquiry";

export type FormServiceConfig = { url: string; accessKey: string; toEmail: string; timeoutMs?: number };

export class FormServiceError extends Error {}

/**
 * Forwards an inquiry to the form-submission service (Web3Forms) with the payload
 * of docs/product.md#inquiry-form, as multipart form data. Only the answer's JSON success flag counts.
 * The access key goes to that service alone: never logged, never in an error.
 */
export async function forwardToFormService(
  inquiry: Inquiry,
  config: FormServiceConfig,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const body = new FormData();
  body.set("access_key", config.accessKey);
  body.set("subject", inquirySubject(inquiry));
  body.set("from_name", `${inquiry.firstName} ${inquiry.lastName}`);
  body.set("email", inquiry.email);
  body.set("to_email", config.toEmail);
  body.set("message", inquiryText(inquiry));

  let response: Response;
  try {
    response = await fetchImpl(config.url, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
    });
  } catch (e) {
    const reason = e instanceof Error && e.name === "TimeoutError" ? "timed out" : "request failed";
    throw new FormServiceError(`form service ${reason}`);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new FormServiceError(`form service answered HTTP ${response.status} without JSON`);
  }
  const success =
    typeof payload === "object" && payload !== null && (payload as { success?: unknown }).success === true;
  if (!success) {
    const detail =
      typeof (payload as { message?: unknown })?.message === "string"
        ? `: ${(payload as { message: string }).message}`
        : "";
    throw new FormServiceError(
      `form service refused (HTTP ${response.status})${redact(detail, config.accessKey).slice(0, 200)}`,
    );
  }
}

function redact(text: string, secret: string) {
  return secret ? text.split(secret).join("[redacted]") : text;
}
