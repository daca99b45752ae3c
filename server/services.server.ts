import type { AppConfig } from "./config.server";
import type { PaymentService } from "./payments/service.server";

/**
 * What route actions and loaders may use at runtime (through React Router's
 * load context). Each capability (inquiries, payments) adds its service here.
 */
export type AppServices = {
  config: AppConfig;
  /** Create and verify payments (the /payment action, the /payment-success loader). */
  payments: PaymentService;
};
