/** Refused: a payment (or a quote's) asked for from another site's page. */
export const CROSS_SITE_PAYMENT_MESSAGE = "Cross-site payment requests are not accepted.";

/**
 * An error as one log string. The logger redacts every nested "message" key
 * (visitors' messages), so error details go under their own field.
 */
export function describeError(err: unknown): string {
  return maskCardNumbers(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
}

/** A provider's message may quote a card number: 13 to 19 digits, spaces or dashes between, become [card]. */
export function maskCardNumbers(text: string): string {
  return text.replace(/\b\d(?:[ -]?\d){12,18}\b/g, "[card]");
}
