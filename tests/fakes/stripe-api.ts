import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

import { createFakeBilling } from "./stripe-billing";

/** One call the fake received: the form-encoded body as flat "a[b][c]" keys, and its headers. */
export type CapturedRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
};

export type FakeSession = {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  /** Unix seconds; the session takes no payment after it. */
  expires_at: number | null;
  /** Set once paid: what a refund names. */
  payment_intent: string | null;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  payment_intent: string;
  amount: number;
  status: "succeeded" | "pending" | "failed" | "canceled";
  failure_reason: string | null;
  metadata: Record<string, string>;
};

/**
 * A local node:http stand-in for the Stripe endpoints the payments module
 * calls (POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST
 * /v1/checkout/sessions/:id/expire, POST /v1/refunds, GET /v1/refunds/:id).
 * The real stripe SDK talks to it over HTTP, so the exact wire parameters are
 * tested. Like Stripe, a repeated Idempotency-Key returns the first answer
 * again (a refund as it was then, even if it has moved on since: only a GET
 * shows its status now), and refunds of a charge may be partial, up to its
 * amount; a refund is created `succeeded` unless the test asks for `pending`.
 */
export async function startFakeStripeApi() {
  const requests: CapturedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, FakeSession | FakeRefund>();
  const refunds: FakeRefund[] = [];
  let failNext: { status: number; message: string } | undefined;
  let failing: { status: number; message: string; left: number } | undefined;
  let hanging = false;
  // Stripe checks `expires_at` against its own clock: a test on a fixed clock sets it (useClock), or every
  // session it opens would be "in the past" once the real day moves on.
  let clock = () => Date.now();
  let refundStatus: "succeeded" | "pending" = "succeeded";
  const billing = createFakeBilling(() => clock());

  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      // Stripe's client sends a GET's parameters in the query string, a POST's in the body.
      const params = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : body));
      const idempotencyKey = header(req, "idempotency-key");
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        params,
        idempotencyKey,
        authorization: header(req, "authorization"),
      });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, {
          "content-type": "application/json",
          "request-id": `req_${randomBytes(6).toString("hex")}`,
        });
        res.end(JSON.stringify(payload));
      };
      if (!header(req, "authorization")?.startsWith("Bearer sk_")) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (failNext) {
        const f = failNext;
        failNext = undefined;
        return send(f.status, { error: { type: "api_error", message: f.message } });
      }
      if (failing && failing.left > 0) {
        failing.left--;
        return send(failing.status, { error: { type: "api_error", message: failing.message } });
      }
      // Never answers: the client's own timeout must end the call.
      if (hanging) return;
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const again = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (again) return send(200, again);
        const id = `cs_test_${randomBytes(12).toString("hex")}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(params)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const mode = params.mode ?? "payment";
        const session: FakeSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.com/c/pay/${id}`,
          mode: params.mode ?? "payment",
          status: "open",
          payment_status: "unpaid",
          amount_total:
            Number(params["line_items[0][price_data][unit_amount]"] ?? 0) *
            Number(params["line_items[0][quantity]"] ?? 1),
          currency: params.currency ?? params["line_items[0][price_data][currency]"] ?? "usd",
          client_reference_id: params.client_reference_id ?? null,
          metadata,
          success_url: params.success_url ?? "",
          cancel_url: params.cancel_url ?? "",
          expires_at: params.expires_at ? Number(params.expires_at) : null,
          payment_intent: null,
        };
        // Like Stripe: a checkout expires at least 30 minutes after it is created (tests move the app's clock
        // forward only, so the 24-hour ceiling is not checked against this process's real time).
        const ttl = session.expires_at === null ? null : session.expires_at - clock() / 1000;
        if (ttl !== null && ttl < 30 * 60 - 5) {
          return send(400, {
            error: {
              type: "invalid_request_error",
              param: "expires_at",
              message: "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.",
            },
          });
        }
        sessions.set(id, session);
        if (mode === "subscription") billing.rememberCheckout(id, params);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
        return send(200, session);
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (req.method === "POST" && expire) {
        const session = sessions.get(decodeURIComponent(expire[1]!));
        if (!session)
          return send(404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such checkout.session: '${expire[1]}'`,
            },
          });
        if (session.status !== "open") {
          return send(400, {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            },
          });
        }
        session.status = "expired";
        return send(200, session);
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        const again = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (again) return send(200, again);
        const paid = [...sessions.values()].find(
          (s) => s.payment_intent !== null && s.payment_intent === params.payment_intent,
        );
        if (!paid)
          return send(400, {
            error: {
              type: "invalid_request_error",
              param: "payment_intent",
              message: `No such payment_intent: '${params.payment_intent}'`,
            },
          });
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(params)) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        // Like Stripe: refunds of one charge never add up to more than it (partial refunds until then); a failed one gave nothing back.
        const amount = Number(params.amount ?? paid.amount_total);
        const before = refunds
          .filter(
            (r) =>
              r.payment_intent === paid.payment_intent && r.status !== "failed" && r.status !== "canceled",
          )
          .reduce((sum, r) => sum + r.amount, 0);
        if (!(amount > 0) || before + amount > paid.amount_total) {
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "charge_already_refunded",
              param: "amount",
              message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid.amount_total - before})`,
            },
          });
        }
        const refund: FakeRefund = {
          id: `re_${randomBytes(12).toString("hex")}`,
          object: "refund",
          payment_intent: paid.payment_intent!,
          amount,
          status: refundStatus,
          failure_reason: null,
          metadata,
        };
        refunds.push(refund);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, { ...refund });
        return send(200, refund);
      }
      const getRefund = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && getRefund) {
        const refund = refunds.find((r) => r.id === decodeURIComponent(getRefund[1]!));
        if (!refund)
          return send(404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such refund: '${getRefund[1]}'`,
            },
          });
        return send(200, refund);
      }
      const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && get) {
        const session = sessions.get(decodeURIComponent(get[1]!));
        if (!session) {
          return send(404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such checkout.session: '${get[1]}'`,
            },
          });
        }
        return send(200, session);
      }
      if (billing.route({ method: req.method ?? "", path: url.pathname, params, idempotencyKey }, send))
        return;
      send(404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
        },
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    /** Options for createStripeClient / AppDeps.payments.stripeApi. */
    api: { host: "127.0.0.1", port, protocol: "http" as const },
    requests,
    sessions,
    refunds,
    /** Stripe Billing: tax rates, subscriptions, invoices, portal sessions (tests/fakes/stripe-billing.ts). */
    billing,
    /** What Stripe would show after the customer paid (or not). */
    setPaymentStatus(id: string, paymentStatus: FakeSession["payment_status"]) {
      const s = sessions.get(id);
      if (!s) throw new Error(`fake stripe: no session ${id}`);
      s.payment_status = paymentStatus;
      s.status = paymentStatus === "paid" ? "complete" : s.status;
      if (paymentStatus === "paid") s.payment_intent ??= `pi_${randomBytes(12).toString("hex")}`;
    },
    /** Refunds created from now on start in this status (Stripe answers some methods' refunds `pending`). */
    createRefundsAs(status: "succeeded" | "pending") {
      refundStatus = status;
    },
    /** Stripe moves a refund on (a pending one succeeds, fails or is cancelled); the object a webhook would carry. */
    setRefundStatus(id: string, status: FakeRefund["status"], failureReason: string | null = null) {
      const refund = refunds.find((r) => r.id === id);
      if (!refund) throw new Error(`fake stripe: no refund ${id}`);
      refund.status = status;
      refund.failure_reason = failureReason;
      return { ...refund };
    },
    /** Stripe's "now", for a test whose server runs on a fixed clock. */
    useClock(now: () => number) {
      clock = now;
    },
    /** The next request answers with this error (e.g. 500 to test provider failure). */
    failNextRequest(status: number, message = "Something went wrong") {
      failNext = { status, message };
    },
    /** The next `count` requests (retries included) answer with this error. */
    failRequests(status: number, count: number, message = "Something went wrong") {
      failing = { status, message, left: count };
    },
    /** While on, requests are read and never answered. */
    hang(on: boolean) {
      hanging = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeStripeApi = Awaited<ReturnType<typeof startFakeStripeApi>>;

function header(req: http.IncomingMessage, name: string) {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** A webhook event as Stripe signs it with the endpoint's secret, posted to the app's webhook route. */
export function postSignedEvent(
  app: { request(path: string, init: RequestInit): Response | Promise<Response> },
  secret: string,
  event: { id: string; type: string; created: number; object: Record<string, unknown> },
) {
  const payload = JSON.stringify({
    id: event.id,
    object: "event",
    type: event.type,
    api_version: "2025-01-01",
    created: Math.floor(event.created / 1000),
    data: { object: event.object },
  });
  return Promise.resolve(
    app.request("/api/stripe/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
      body: payload,
    }),
  );
}
