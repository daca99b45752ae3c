import { getPackage } from "./packages";
import { siteConfig } from "./site";

/**
 * The payment page's words and package data. The "starting at" prices are the
 * ones the home page, footer, inquiry labels and this page share (docs/product.md#prices);
 * the pricing cards' list prices are a different, separately named figure.
 */
export const packageTypes = ["basic", "pro"] as const;
export type PackageType = (typeof packageTypes)[number];

/** "Starting at" price of each package, in integer cents of CAD (defined once, in packages.ts). */
export const startingPrices = {
  basic: getPackage("basic").startingPrice * 100,
  pro: getPackage("pro").startingPrice * 100,
} satisfies Record<PackageType, number>;

export type PaymentPackage = {
  id: PackageType;
  /** Product name on the checkout line item and the success page. */
  name: string;
  startingPriceCents: number;
  summary: string;
};

export const paymentPackages = [
  {
    id: "basic",
    name: "Basic Website",
    startingPriceCents: startingPrices.basic,
    summary: "Up to 5 pages, 2 revisions, 1 month of free support.",
  },
  {
    id: "pro",
    name: "Pro Website",
    startingPriceCents: startingPrices.pro,
    summary: "Up to 10 pages, 5 revisions, 3 months of free support.",
  },
] as const satisfies readonly PaymentPackage[];

export function paymentPackage(id: PackageType): PaymentPackage {
  return paymentPackages.find((p) => p.id === id)!;
}

export const paymentPageContent = {
  title: "Website Payment",
  intro: "Pay the amount we quoted for your website, securely, in Canadian dollars.",
  packageLegend: "Package type",
  amountLabel: "Quoted amount (CAD)",
  amountHint: "Enter the exact amount from your quote, for example 450.50.",
  quotedStatement:
    "The amount is the one your website provider quoted you. Not sure of the figure? Check your quote email or get in touch before paying.",
  submit: "Proceed to Payment",
  submitting: "Processing...",
  secureNote:
    "You will finish on a secure checkout page that opens in a new tab. We never see your card details.",
  popupBlocked: "Your browser blocked the new tab, so checkout opens in this tab instead.",
  popupPreparing: "Preparing your secure checkout…",
  continueToCheckout: "Continue to checkout",
  invalidAmountTitle: "Invalid Amount",
  invalidAmountDescription: "Please enter a valid amount",
  errorTitle: "Payment Error",
  errorFallback: "Failed to create payment session",
  noJsErrorTitle: "We could not start the payment",
  splitNote: "Payments are split: 50% upfront, 50% on completion.",
  stepsHeading: "How paying works",
  steps: [
    {
      title: "Choose your package",
      text: "Pick the package from your quote and enter the exact quoted amount.",
    },
    {
      title: "Pay on secure checkout",
      text: "Checkout opens in a new tab. Card details go to the payment provider, never to us.",
    },
    { title: "We get started", text: "Work begins right away, and we will contact you with the next steps." },
  ],
  questionsHeading: "Questions about your quote?",
} as const;

export const paymentSuccessContent = {
  title: "Payment Successful!",
  thankYou:
    "Thank you for your payment. Work on your website begins right away, and we will contact you shortly with the next steps.",
  returnHome: "Return to Homepage",
  receiptHeading: "Payment details",
  packageLabel: "Package",
  amountLabel: "Amount paid",
  referenceLabel: "Reference",
  quoteLabel: "Quote",
  quoteKinds: { deposit: "deposit", balance: "balance", full: "paid in full" },
  pendingHeading: "Waiting for confirmation",
  pending:
    "We have not yet received confirmation of this payment from the payment provider. This usually takes a few moments: refresh this page shortly. If you were charged and this does not change, contact us and we will sort it out.",
  unknownHeading: "We could not find this payment",
  unknown:
    "We could not match this page to a payment, so we cannot confirm one here. If you completed a payment, it is safe: contact us with the time you paid and we will confirm it.",
  missingHeading: "No payment to confirm",
  missing:
    "This page confirms a payment when you return from checkout. If you have paid, your confirmation is on its way; if you have questions, contact us.",
  refundTitle: "Payment Received: It Will Be Refunded",
  refund:
    "We received this payment, but the quote no longer takes it: it was withdrawn or had expired, or this part was already paid. We will refund the full amount to your card; an email explains, and you do not need to do anything.",
  failedTitle: "Payment Not Completed",
  failed:
    "The payment provider reported that this payment did not go through, so you have not been charged for it. You can try again from the payment page, or contact us for help.",
  tryAgain: "Back to payment",
  contactPrompt: "Reach the studio",
  checkAgain: "Check again",
  backToQuote: "Back to your quote",
  receiptLink: "Download your receipt (PDF)",
  testBadge: "Test payment: no money moved",
  contactEmail: siteConfig.email,
  contactPhone: siteConfig.phone,
} as const;
