import { randomBytes } from "node:crypto";

/**
 * The Stripe Billing part of the local Stripe fake (tests/fakes/stripe-api.ts): tax rates,
 * products and prices (lookup keys), subscription checkouts at a price, changes of plan, subscriptions, their invoices (paid or failed, taxed like Stripe:
 * each rate rounded to the cent on the line's amount), and billing portal sessions. The test
 * drives time: completing a checkout, renewing, failing, recovering, cancelling; each returns
 * the objects Stripe's webhook events would carry, for the test to deliver in any order.
 */
export type FakeTaxRate = {
  id: string;
  object: "tax_rate";
  display_name: string;
  description: string | null;
  percentage: number;
  inclusive: boolean;
  country: string | null;
  state: string | null;
  jurisdiction: string | null;
  tax_type: string | null;
  metadata: Record<string, string>;
};

export type FakeProduct = {
  id: string;
  object: "product";
  active: boolean;
  name: string;
  metadata: Record<string, string>;
  created: number;
};

export type FakePrice = {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  lookup_key: string | null;
  recurring: { interval: string; interval_count: number } | null;
  metadata: Record<string, string>;
};

export type FakeSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "past_due" | "canceled" | "unpaid";
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    data: {
      id: string;
      current_period_start: number;
      current_period_end: number;
      price: FakePrice;
    }[];
  };
  /** Not Stripe's: what the fake needs to bill the next month. */
  _plan: { name: string; unitAmount: number; taxRates: string[] };
};

export type FakeInvoice = {
  id: string;
  object: "invoice";
  status: "paid" | "open";
  currency: string;
  customer: string;
  customer_email: string;
  customer_name: string | null;
  subtotal: number;
  total: number;
  amount_paid: number;
  amount_due: number;
  billing_reason: "subscription_create" | "subscription_cycle";
  total_taxes: {
    amount: number;
    taxable_amount: number;
    type: "tax_rate_details";
    tax_rate_details: { tax_rate: string };
  }[];
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: {
    data: {
      amount: number;
      period: { start: number; end: number };
      pricing: { type: "price_details"; price_details: { price: string; product: string } };
    }[];
  };
};

type Customer = { id: string; email: string; name: string | null };
type Send = (status: number, payload: unknown) => void;
type Request = {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
};

const MONTH = 30 * 86_400;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const notFound = (send: Send, what: string) =>
  send(404, {
    error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
  });

function metadataOf(params: Record<string, string>, prefix: string) {
  const out: Record<string, string> = {};
  const key = prefix ? `${prefix}[metadata]` : "metadata";
  const re = new RegExp(`^${key.replace(/[[\]]/g, "\\$&")}\\[(.+)\\]$`);
  for (const [k, v] of Object.entries(params)) {
    const m = re.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

export function createFakeBilling(clock: () => number) {
  const taxRates: FakeTaxRate[] = [];
  const products = new Map<string, FakeProduct>();
  const prices = new Map<string, FakePrice>();
  const customers: Customer[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices: FakeInvoice[] = [];
  const checkouts = new Map<string, Record<string, string>>();
  const portalSessions: { id: string; customer: string; return_url: string; url: string }[] = [];
  const byKey = new Map<string, unknown>();
  const now = () => Math.floor(clock() / 1000);

  function invoiceFor(
    sub: FakeSubscription,
    reason: FakeInvoice["billing_reason"],
    paid: boolean,
    start: number,
  ) {
    const customer = customers.find((c) => c.id === sub.customer)!;
    const subtotal = sub._plan.unitAmount;
    const total_taxes = sub._plan.taxRates.map((rid) => {
      const rate = taxRates.find((r) => r.id === rid)!;
      return {
        amount: Math.round((subtotal * rate.percentage) / 100),
        taxable_amount: subtotal,
        type: "tax_rate_details" as const,
        tax_rate_details: { tax_rate: rid },
      };
    });
    const total = subtotal + total_taxes.reduce((s, t) => s + t.amount, 0);
    const invoice: FakeInvoice = {
      id: id("in"),
      object: "invoice",
      status: paid ? "paid" : "open",
      currency: "cad",
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      subtotal,
      total,
      amount_paid: paid ? total : 0,
      amount_due: total,
      billing_reason: reason,
      total_taxes,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      lines: {
        data: [
          {
            amount: subtotal,
            period: { start, end: start + MONTH },
            pricing: {
              type: "price_details",
              price_details: {
                price: sub.items.data[0]!.price.id,
                product: sub.items.data[0]!.price.product,
              },
            },
          },
        ],
      },
    };
    invoices.push(invoice);
    return invoice;
  }

  /** Products and Prices, as Stripe's API answers them (ids, lookup keys, idempotency, errors). */
  function catalogue({ method, path, params, idempotencyKey }: Request, send: Send): boolean {
    const again = method === "POST" && idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    if (again && (path === "/v1/products" || path === "/v1/prices")) return (send(200, again), true);
    if (method === "POST" && path === "/v1/products") {
      if (params.id && products.has(params.id))
        return (
          send(400, {
            error: {
              type: "invalid_request_error",
              code: "resource_already_exists",
              message: `Product already exists.`,
            },
          }),
          true
        );
      const product: FakeProduct = {
        id: params.id ?? id("prod"),
        object: "product",
        active: true,
        name: params.name ?? "",
        metadata: metadataOf(params, ""),
        created: now(),
      };
      products.set(product.id, product);
      if (idempotencyKey) byKey.set(idempotencyKey, product);
      return (send(200, product), true);
    }
    const one = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (one) {
      const product = products.get(decodeURIComponent(one[1]!));
      if (!product) return (notFound(send, `product: '${one[1]}'`), true);
      if (method === "POST") {
        if (params.name !== undefined) product.name = params.name;
        Object.assign(product.metadata, metadataOf(params, ""));
      }
      return (send(200, product), true);
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys = Object.entries(params)
        .filter(([k]) => k.startsWith("lookup_keys["))
        .map(([, v]) => v);
      const data = [...prices.values()].filter(
        (p) =>
          (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
          (params.active === undefined || String(p.active) === params.active),
      );
      const limit = Number(params.limit ?? 10);
      return (
        send(200, {
          object: "list",
          url: "/v1/prices",
          has_more: data.length > limit,
          data: data.slice(0, limit),
        }),
        true
      );
    }
    if (method === "POST" && path === "/v1/prices") {
      if (!products.has(params.product ?? "")) return (notFound(send, `product: '${params.product}'`), true);
      const key = params.lookup_key ?? null;
      const holder = key ? [...prices.values()].find((p) => p.lookup_key === key) : undefined;
      if (holder && params.transfer_lookup_key !== "true")
        return (
          send(400, {
            error: {
              type: "invalid_request_error",
              param: "lookup_key",
              message: `A price (\`${holder.id}\`) already uses that lookup key.`,
            },
          }),
          true
        );
      if (holder) holder.lookup_key = null;
      const price: FakePrice = {
        id: id("price"),
        object: "price",
        active: true,
        currency: params.currency ?? "cad",
        unit_amount: Number(params.unit_amount),
        product: params.product!,
        lookup_key: key,
        recurring: params["recurring[interval]"]
          ? { interval: params["recurring[interval]"], interval_count: 1 }
          : null,
        metadata: metadataOf(params, ""),
      };
      prices.set(price.id, price);
      if (idempotencyKey) byKey.set(idempotencyKey, price);
      return (send(200, price), true);
    }
    return false;
  }

  /** A subscription's one item moves to another Price, from now, nothing prorated (the portal set to "none"). */
  function changePrice(s: FakeSubscription, priceId: string) {
    const price = prices.get(priceId);
    if (!price) throw new Error(`fake stripe: no price ${priceId}`);
    s.items.data[0]!.price = { ...price };
    s._plan = { ...s._plan, name: products.get(price.product)?.name ?? "", unitAmount: price.unit_amount };
  }

  /** The routes of Billing; false when the request is not one of them. */
  function route(request: Request, send: Send): boolean {
    if (catalogue(request, send)) return true;
    const { method, path, params, idempotencyKey } = request;
    if (method === "POST" && path === "/v1/tax_rates") {
      const again = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (again) return (send(200, again), true);
      const rate: FakeTaxRate = {
        id: id("txr"),
        object: "tax_rate",
        display_name: params.display_name ?? "",
        description: params.description ?? null,
        percentage: Number(params.percentage),
        inclusive: params.inclusive === "true",
        country: params.country ?? null,
        state: params.state ?? null,
        jurisdiction: params.jurisdiction ?? null,
        tax_type: params.tax_type ?? null,
        metadata: metadataOf(params, ""),
      };
      taxRates.push(rate);
      if (idempotencyKey) byKey.set(idempotencyKey, rate);
      return (send(200, rate), true);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!customers.some((c) => c.id === params.customer)) return (notFound(send, "customer"), true);
      const s = {
        id: id("bps"),
        object: "billing_portal.session",
        customer: params.customer!,
        return_url: params.return_url ?? "",
        url: "",
      };
      s.url = `https://billing.stripe.com/p/session/${s.id}`;
      portalSessions.push(s);
      return (send(200, s), true);
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub) {
      const s = subscriptions.get(decodeURIComponent(sub[1]!));
      if (!s) return (notFound(send, "subscription"), true);
      if (method === "POST" && params.cancel_at_period_end !== undefined)
        s.cancel_at_period_end = params.cancel_at_period_end === "true";
      if (method === "POST" && params["items[0][price]"]) {
        if (!prices.has(params["items[0][price]"])) return (notFound(send, "price"), true);
        changePrice(s, params["items[0][price]"]);
      }
      return (send(200, s), true);
    }
    return false;
  }

  return {
    taxRates,
    products,
    prices,
    customers,
    subscriptions,
    invoices,
    portalSessions,
    route,
    /** A subscription-mode session was created: its form parameters, for completing it. */
    rememberCheckout(sessionId: string, params: Record<string, string>) {
      checkouts.set(sessionId, params);
    },
    /**
     * The customer pays a subscription checkout: a customer, the subscription (with the
     * session's subscription_data metadata) and its first invoice, paid.
     */
    completeCheckout(sessionId: string, who: { email: string; name?: string }) {
      const params = checkouts.get(sessionId);
      if (!params) throw new Error(`fake stripe: no subscription checkout ${sessionId}`);
      const customer = { id: id("cus"), email: who.email, name: who.name ?? null };
      customers.push(customer);
      const start = now();
      const li = "line_items[0]";
      // The subscription's default tax rates, or the line's own.
      const taxIds = Object.entries(params)
        .filter(
          ([k]) => k.startsWith("subscription_data[default_tax_rates]") || k.startsWith(`${li}[tax_rates]`),
        )
        .map(([, v]) => v);
      const price = prices.get(params[`${li}[price]`] ?? "");
      if (!price) throw new Error(`fake stripe: checkout ${sessionId} names no price of this fake`);
      const unitAmount = price.unit_amount;
      const subscription: FakeSubscription = {
        id: id("sub"),
        object: "subscription",
        customer: customer.id,
        status: "active",
        cancel_at_period_end: false,
        metadata: metadataOf(params, "subscription_data"),
        items: {
          data: [
            {
              id: id("si"),
              current_period_start: start,
              current_period_end: start + MONTH,
              price: { ...price },
            },
          ],
        },
        _plan: { name: products.get(price.product)?.name ?? "", unitAmount, taxRates: taxIds },
      };
      subscriptions.set(subscription.id, subscription);
      const invoice = invoiceFor(subscription, "subscription_create", true, start);
      const session = {
        id: sessionId,
        object: "checkout.session",
        mode: "subscription",
        status: "complete",
        payment_status: "paid",
        subscription: subscription.id,
        customer: customer.id,
        customer_details: { email: customer.email, name: customer.name },
        metadata: metadataOf(params, ""),
        amount_total: invoice.total,
      };
      return { session, subscription: { ...subscription }, invoice: { ...invoice } };
    },
    /** The next month: a new invoice, paid, or failed (the subscription goes past due). */
    renew(subscriptionId: string, { fail = false } = {}) {
      const s = subscriptions.get(subscriptionId)!;
      const item = s.items.data[0]!;
      const start = item.current_period_end;
      item.current_period_start = start;
      item.current_period_end = start + MONTH;
      const invoice = invoiceFor(s, "subscription_cycle", !fail, start);
      s.status = fail ? "past_due" : "active";
      return { invoice: { ...invoice }, subscription: structuredClone(s) };
    },
    /** Stripe's retry of a failed invoice succeeds (the card was updated). */
    payInvoice(invoiceId: string) {
      const inv = invoices.find((i) => i.id === invoiceId)!;
      inv.status = "paid";
      inv.amount_paid = inv.total;
      const s = subscriptions.get(inv.parent.subscription_details.subscription)!;
      s.status = "active";
      return { invoice: { ...inv }, subscription: structuredClone(s) };
    },
    /**
     * The customer changes plan in Stripe's customer portal (set to prorate nothing): the item's
     * Price is the chosen one from now; the next renewal bills it. The subscription a
     * `customer.subscription.updated` event would carry.
     */
    changePlanInPortal(subscriptionId: string, priceId: string) {
      const s = subscriptions.get(subscriptionId)!;
      changePrice(s, priceId);
      return structuredClone(s);
    },
    /** Stripe ends the subscription (retries exhausted, or cancelled at the period's end). */
    cancel(subscriptionId: string) {
      const s = subscriptions.get(subscriptionId)!;
      s.status = "canceled";
      return structuredClone(s);
    },
  };
}

export type FakeBilling = ReturnType<typeof createFakeBilling>;
