import type { PackageType } from "~/content/payment";

import type { PaymentKind, PaymentStatus, ProviderRefundStatus, RefundStatus } from "../db/schema";

export type ProviderName = "stripe" | "sandbox";

/** What a provider needs to open a checkout for one stored payment. */
export type CheckoutRequest = {
  paymentId: string;
  packageType: PackageType;
  /** Line item name: 'Basic Website' or 'Pro Website'. */
  productName: string;
  amountCents: number;
  currency: "cad";
  /** Stored on the payment row before the call, so a retry opens the same session. */
  idempotencyKey: string;
  /** A payment through a quote: its ids go to the provider as metadata, and Cancel returns to the quote. */
  quote?: QuoteReference;
  /** When the checkout stops taking payment (ms since the epoch); Stripe allows 30 minutes to 24 hours. */
  expiresAt: number;
};

export type QuoteReference = { quoteId: string; inquiryId: string; kind: PaymentKind; cancelPath: string };

export type CheckoutSession = { sessionId: string; url: string };

/** A provider's own view of a session, used when the webhook has not arrived yet. */
export type RemoteSession = {
  sessionId: string;
  /** Stripe's payment_status: "paid", "unpaid", "no_payment_required"... */
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  paymentId: string | null;
  /** The provider's payment behind a paid session (Stripe's payment_intent), which a refund names. */
  paymentRef: string | null;
};

/** What a refund asks the provider for: all or part of one settled payment, once (the key makes a retry the same refund). */
export type RefundRequest = {
  paymentId: string;
  sessionId: string;
  paymentRef: string | null;
  amountCents: number;
  idempotencyKey: string;
  /** Our refund's id, sent as metadata so the provider's refund events name it. */ refundId?: string;
};

/** A refund as the provider holds it: `pending` until the money went back (or `failed`/`canceled`, with the provider's reason). */
export type RefundState = { refundId: string; status: ProviderRefundStatus; failureReason: string | null };

/** The provider's answer to a refund, with the payment it named (its status settles it: server/billing/refund-apply.server.ts). */
export type RefundResult = RefundState & { paymentRef: string | null };

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The provider's record of a session, or null when it has none (or keeps no remote state). */
  retrieveSession(sessionId: string): Promise<RemoteSession | null>;
  /**
   * Closes an open checkout so it can no longer be paid: "expired" when it is
   * closed (now or before), "complete" when the customer already paid it.
   */
  expireCheckoutSession(sessionId: string): Promise<"expired" | "complete">;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** The provider's refund as it is now (a pending one may have succeeded or failed since). */
  retrieveRefund(refundId: string): Promise<RefundState>;
}

/** What the success page may say about a session id: only what the server verified. */
export type PaymentVerification =
  | { state: "unknown" }
  | {
      state: PaymentStatus;
      packageType: PackageType;
      packageName: string;
      amountCents: number;
      currency: string;
      /** Short public reference (start of the payment id) the customer can quote. */
      reference: string;
      /** Made through the sandbox: no money moved. */
      test: boolean;
      /** Paid through a quote: its short reference and which part of it. */
      quote?: { reference: string; kind: PaymentKind };
      /** The money arrived for a quote no longer payable (or twice): it goes back. */
      refund?: RefundStatus;
    };
