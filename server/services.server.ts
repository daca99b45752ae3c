import type { AppConfig } from "./config.server";
import type { InquiryService } from "./inquiries/service.server";
import type { PaymentService } from "./payments/service.server";
import type { QuoteCheckout } from "./quotes/checkout.server";

/**
 * What route actions and loaders may use at runtime (through React Router's
 * load context). Each capability (inquiries, payments) adds its service here.
 */
export type AppServices = {
  config: AppConfig;
  /** Create and verify payments (the /payment action, the /payment-success loader). */
  payments: PaymentService;
  /** The contact page's no-JavaScript form action posts through this. */
  inquiries: Pick<InquiryService, "submitForm">;
  /** The client's quote page: show a quote by its token, pay what is due. */
  quotes: QuoteCheckout;
};
