import { Loader2, Lock } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";

import { Field, hydratedFormProps, showNotice, useHydrated } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { paymentPackages, paymentPageContent as text, type PackageType } from "~/content/payment";
import { cn } from "~/lib/cn";
import { formatCad } from "~/lib/money";
import { createPaymentSchema, type AmountRule } from "~/schemas/payment";

/** Rules the product answers with its own 'Please enter a valid amount'; the rest say precisely what is wrong. */
const PRODUCT_INVALID_RULES: readonly AmountRule[] = ["empty", "not-a-number", "not-finite", "too-small"];

export type PaymentFormProps = {
  /** After a no-JavaScript post that failed: the server's message and what was typed. */
  serverError?: string;
  defaults?: { amount?: string; packageType?: PackageType };
};

/**
 * The payment form. Without JavaScript it is a plain POST to the route action
 * (303 to checkout). With JavaScript it reads its uncontrolled fields, validates them
 * with the server's create-payment schema, opens the checkout tab synchronously inside
 * the submit event (so popup blockers allow it), and points that tab at the checkout
 * URL once the server returns it. On the prerendered page it is an island
 * (docs/decisions/0012): what was chosen and typed before React arrived is what is read.
 */
export function PaymentForm({ serverError, defaults }: PaymentFormProps) {
  const [submitting, setSubmitting] = useState(false);
  // Without JavaScript the browser's own validation guards the post; with it (the island's
  // loader turns that off until hydration) the form validates itself, to show its notices.
  const hydrated = useHydrated();
  const [fallback, setFallback] = useState<{ url: string; blocked: boolean } | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const data = new FormData(event.currentTarget);
    const raw = String(data.get("amount") ?? "");
    const parsed = createPaymentSchema.safeParse({
      amount: raw,
      packageType: data.get("packageType") ?? undefined,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const rule = (issue as { params?: { rule?: AmountRule } } | undefined)?.params?.rule;
      showNotice({
        tone: "error",
        title: text.invalidAmountTitle,
        description:
          rule && PRODUCT_INVALID_RULES.includes(rule)
            ? text.invalidAmountDescription
            : (issue?.message ?? text.invalidAmountDescription),
      });
      amountRef.current?.focus();
      return;
    }
    const { packageType } = parsed.data;

    const tab = openPlaceholderTab();
    setFallback(null);
    setSubmitting(true);
    try {
      const response = await fetch("/api/create-payment", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ amount: Number(raw), packageType }),
      });
      const body = (await response.json().catch(() => ({}))) as { url?: unknown; error?: unknown };
      const url = response.ok ? safeCheckoutUrl(body.url) : null;
      if (!url)
        throw new PaymentRequestError(
          typeof body.error === "string" && body.error ? body.error : text.errorFallback,
        );
      if (tab && !tab.closed) {
        // The checkout page must not reach back into this page.
        tab.opener = null;
        tab.location.href = url;
      } else {
        setFallback({ url, blocked: !tab });
        if (!tab) window.setTimeout(() => window.location.assign(url), 1500);
      }
    } catch (err) {
      tab?.close();
      showNotice({
        tone: "error",
        title: text.errorTitle,
        description: err instanceof PaymentRequestError ? err.message : text.errorFallback,
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      method="post"
      action="/payment"
      {...hydratedFormProps(hydrated)}
      onSubmit={onSubmit}
      className="flex flex-col gap-6"
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-medium">{text.packageLegend}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {paymentPackages.map((p) => (
            <label
              key={p.id}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border bg-background p-4 transition-colors hover:bg-muted",
                "has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:checked]:ring-1 has-[:checked]:ring-primary",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              )}
            >
              <input
                type="radio"
                name="packageType"
                value={p.id}
                defaultChecked={p.id === (defaults?.packageType ?? "basic")}
                className="mt-1 size-4 shrink-0 accent-primary focus-visible:outline-none"
              />
              <span className="flex flex-col gap-0.5">
                <span className="font-semibold">{p.name}</span>
                <span className="text-sm text-muted-foreground">
                  Starting at {formatCad(p.startingPriceCents, { trimWholeDollars: true, withCode: true })}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {/* The amount the server refused (a post without JavaScript) is this field's error: inline, read out at once. */}
      <Field
        id="payment-amount"
        label={text.amountLabel}
        required
        hint={text.amountHint}
        error={serverError}
        errorProps={{ role: "alert", className: "font-medium" }}
        className="flex flex-col"
      >
        <div className="relative">
          <span
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted-foreground"
          >
            $
          </span>
          <Input
            ref={amountRef}
            name="amount"
            type="number"
            inputMode="decimal"
            min={1}
            step={0.01}
            required
            placeholder="0.00"
            defaultValue={defaults?.amount}
            className="h-12 pl-7 pr-14 text-lg md:text-lg"
          />
          <span
            aria-hidden
            className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm font-medium text-muted-foreground"
          >
            CAD
          </span>
        </div>
      </Field>

      <p className="rounded-lg bg-muted p-4 text-sm text-muted-foreground">{text.quotedStatement}</p>

      <div className="flex flex-col gap-3">
        <Button type="submit" size="lg" disabled={submitting} aria-disabled={submitting} className="w-full">
          {submitting ? <Loader2 aria-hidden className="motion-safe:animate-spin" /> : <Lock aria-hidden />}
          {submitting ? text.submitting : text.submit}
        </Button>
        <p className="text-center text-xs text-muted-foreground">{text.secureNote}</p>
      </div>

      <div aria-live="polite">
        {fallback && (
          <p className="rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm">
            {fallback.blocked ? `${text.popupBlocked} ` : null}
            <a href={fallback.url} className="font-semibold text-primary underline underline-offset-4">
              {text.continueToCheckout}
            </a>
          </p>
        )}
      </div>
    </form>
  );
}

class PaymentRequestError extends Error {}

/** Opened inside the submit event so popup blockers treat it as the visitor's own action. */
function openPlaceholderTab(): Window | null {
  let tab: Window | null = null;
  try {
    tab = window.open("", "_blank");
  } catch {
    return null;
  }
  if (tab) {
    try {
      tab.document.title = text.popupPreparing;
      tab.document.body.textContent = text.popupPreparing;
      tab.document.body.style.font = "16px system-ui, sans-serif";
      tab.document.body.style.padding = "2rem";
    } catch {
      // A cross-origin or locked-down tab: it still navigates below.
    }
  }
  return tab;
}

/** Only an http(s) URL may be navigated to; relative URLs (the sandbox) resolve against this site. */
function safeCheckoutUrl(value: unknown): string | null {
  if (typeof value !== "string" || value === "") return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
