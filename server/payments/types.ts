import type { PackageType } from "~/content/payment";
import type { PaymentKind, PaymentStatus } from "../db/schema";

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
};

export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The provider's record of a session, or null when it has none (or keeps no remote state). */
  retrieveSession(sessionId: string): Promise<RemoteSession | null>;
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
    };
