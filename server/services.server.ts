import type { BookingService } from "./booking/service.server";
import type { AppConfig } from "./config.server";
import type { InquiryService } from "./inquiries/service.server";
import type { PaymentService } from "./payments/service.server";
import type { QuoteCheckout } from "./quotes/checkout.server";
import type { ReminderOptOuts } from "./reminders/opt-outs.server";

/**
 * What public route actions and loaders may use at runtime, through React Router's
 * load context (app/load-context.ts). createApp (app.server.ts) builds them per app;
 * the back office's pages get theirs (`studio`) beside these. The process's own
 * services (mailer, outbox worker, retention job) are composed in compose.server.ts.
 */
export type AppServices = {
  config: AppConfig;
  /** Create and verify payments (the /payment action, the /payment-success loader). */
  payments: PaymentService;
  /** The contact page's no-JavaScript form action posts through this. */
  inquiries: Pick<InquiryService, "submitForm">;
  /** The client's quote page: show a quote by its token, pay what is due. */
  quotes: QuoteCheckout;
  /** The unsubscribe page of the reminders' links (/unsubscribe/TOKEN). */
  reminderOptOuts: Pick<ReminderOptOuts, "verify" | "optOut">;
  /** /book and the visitor's manage link: open slots, book, reschedule, cancel. */
  booking: BookingService;
  /**
   * A route's loader or action that failed (app/entry.server.tsx's handleError) or refused a post
   * that is not a form (app/lib/form-post.ts): one log line with the error's kind and code and the
   * path (its token masked), never its message or stack.
   */
  logRouteError: (request: Request, error: unknown) => void;
};
