import { randomUUID } from "node:crypto";

import { paymentPackage, type PackageType } from "~/content/payment";

import { describeError } from "./errors";
import {
  CHECKOUT_TTL_MS,
  PROVIDER_UNAVAILABLE,
  type CreatePaymentResult,
  type PaymentContext,
} from "./payment-context.server";
import type { QuoteReference } from "./types";

export function openCheckout(
  ctx: PaymentContext,
  request: {
    amountCents: number;
    packageType: PackageType;
    quote: QuoteReference;
  },
): Promise<CreatePaymentResult | undefined>;
export function openCheckout(
  ctx: PaymentContext,
  request: {
    amountCents: number;
    packageType: PackageType;
  },
): Promise<CreatePaymentResult>;
export async function openCheckout(
  ctx: PaymentContext,
  {
    amountCents,
    packageType,
    quote,
  }: {
    amountCents: number;
    packageType: PackageType;
    quote?: QuoteReference;
  },
): Promise<CreatePaymentResult | undefined> {
  const { clock, db, provider, logger } = ctx;
  const id = randomUUID();
  const idempotencyKey = `payment-${id}`;
  const t = clock();
  const now = new Date().toISOString();
  const expiresAt = t + CHECKOUT_TTL_MS;
  const inserted = await db
    .insertInto("payments")
    .values({
      id,
      package: packageType,
      amount_cents: amountCents,
      currency: "cad",
      status: "pending",
      provider: provider.name,
      provider_session_id: null,
      idempotency_key: idempotencyKey,
      failure_reason: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
      failed_at: null,
      last_checked_at: null,
      quote_id: quote?.quoteId ?? null,
      lead_id: quote?.inquiryId ?? null,
      kind: quote?.kind ?? null,
      expires_at: new Date(expiresAt).toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return undefined;

  let session;
  try {
    session = await provider.createCheckoutSession({
      paymentId: id,
      packageType,
      productName: paymentPackage(packageType).name,
      amountCents,
      currency: "cad",
      idempotencyKey,
      quote,
      expiresAt,
    });
  } catch (err) {
    logger.error(
      { paymentId: id, provider: provider.name, error: describeError(err) },
      "checkout session not created",
    );
    // No session was opened, so this payment can never be paid: close it rather than leave it pending.
    await db
      .updateTable("payments")
      .set({
        status: "failed",
        failure_reason: "checkout session not created",
        failed_at: now,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .execute()
      .catch(() => {});
    return { ok: false, status: 502, error: PROVIDER_UNAVAILABLE };
  }
  await db
    .updateTable("payments")
    .set({
      provider_session_id: session.sessionId,
      checkout_url: session.url,
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", id)
    .execute();
  logger.info(
    { paymentId: id, provider: provider.name, amountCents, packageType, quoteId: quote?.quoteId },
    "checkout session created",
  );
  return { ok: true, url: session.url, paymentId: id, sessionId: session.sessionId };
}
