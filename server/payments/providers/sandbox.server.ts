import { randomBytes } from "node:crypto";

import type { CheckoutRequest, CheckoutSession, PaymentProvider } from "../types";

export const SANDBOX_CHECKOUT_PATH = "/checkout/sandbox";

/**
 * A checkout that moves no money, on this same server, so a fresh machine
 * works end to end without a Stripe account. The session lives only in our
 * payments table; Pay on its page goes through the same fulfil() as Stripe.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: "sandbox",
    async createCheckoutSession(_request: CheckoutRequest): Promise<CheckoutSession> {
      const sessionId = `sbx_${randomBytes(18).toString("base64url")}`;
      // Relative: the page is on whatever origin the visitor is using.
      return { sessionId, url: `${SANDBOX_CHECKOUT_PATH}/${sessionId}` };
    },
    // No remote state: the payments row is the sandbox session.
    async retrieveSession() {
      return null;
    },
    // The payments row is the session: closing it there (status failed) is all an expiry needs.
    async expireCheckoutSession() {
      return "expired";
    },
    // No money moved, so the refund is done the moment it is asked for.
    async refund(request) {
      return {
        refundId: `sbx_re_${randomBytes(12).toString("base64url")}`,
        status: "succeeded",
        failureReason: null,
        paymentRef: request.paymentRef,
      };
    },
    async retrieveRefund(refundId) {
      return { refundId, status: "succeeded", failureReason: null };
    },
  };
}

export function isSandboxSessionId(id: string) {
  return /^sbx_[A-Za-z0-9_-]{16,64}$/.test(id);
}
