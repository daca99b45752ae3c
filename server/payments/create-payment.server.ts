import { createPaymentSchema, paymentFieldErrors } from "~/schemas/payment";

import { openCheckout } from "./open-checkout.server";
import {
  RATE_LIMITED_MESSAGE,
  type CreatePaymentResult,
  type PaymentClient,
  type PaymentContext,
} from "./payment-context.server";

/** The create-payment limit, shared by the open form and quotes: an answer when over it. */
export async function overLimit(
  ctx: PaymentContext,
  client: PaymentClient,
): Promise<CreatePaymentResult | undefined> {
  const { config, createLimiter, clock, logger } = ctx;
  if (config.RATE_LIMIT_DISABLED) return undefined;
  const decision = await createLimiter.hit(client.clientIp, clock());
  if (decision.allowed) return undefined;
  logger.warn("create-payment rate limit reached");
  return {
    ok: false,
    status: 429,
    error: RATE_LIMITED_MESSAGE,
    retryAfterSeconds: decision.retryAfterSeconds,
  };
}

export async function createPayment(
  ctx: PaymentContext,
  input: unknown,
  client: PaymentClient,
): Promise<CreatePaymentResult> {
  const limited = await overLimit(ctx, client);
  if (limited) return limited;
  const parsed = createPaymentSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const fields = paymentFieldErrors(parsed.error);
    return {
      ok: false,
      status: 400,
      error: fields.amount ?? fields.packageType ?? "Invalid payment request.",
      fields,
    };
  }
  return openCheckout(ctx, parsed.data);
}
