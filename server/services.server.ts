import { createAnalyticsDashboard } from "./analytics/dashboard.server";
import { createAnalytics, type Analytics } from "./analytics/service.server";
import { createStudioAuth } from "./auth/auth.server";
import { createSecurityNotices, securityNoticeHandlers } from "./auth/security-notices.server";
import { createStudioSecurity } from "./auth/security.server";
import { createStudioSessions } from "./auth/session.server";
import { createAccounting, type Accounting } from "./billing/accounting.server";
import { createCarePlanBilling, type CarePlanBilling } from "./billing/plans/care-plans.server";
import { carePlanDeliveryHandlers } from "./billing/plans/emails.server";
import type { QuotePlans } from "./billing/plans/quote-plans.server";
import { createSandboxBilling } from "./billing/plans/sandbox-billing.server";
import { createQuoteRefunds, type QuoteRefunds } from "./billing/refunds.server";
import { createQuoteSettlement } from "./billing/settlement.server";
import { createCalendarSources, registerCalendarGauges } from "./booking/calendar-sources.server";
import { createCalendarFeeds } from "./booking/feed.server";
import { bookingDeliveryHandlers } from "./booking/notifications.server";
import { createBookingService, type BookingService } from "./booking/service.server";
import { bookingStudioDeliveryHandlers } from "./booking/studio-notifications.server";
import { createBookingStudio } from "./booking/studio.server";
import { manageToken } from "./booking/tokens.server";
import type { AppConfig } from "./config.server";
import { backupHealth } from "./db/backup.server";
import type { AppDatabase } from "./db/database.server";
import { documentStamp } from "./documents/stamp.server";
import { inquiryDeliveryHandlers } from "./inquiries/notifications.server";
import { createInquiryService, type InquiryService } from "./inquiries/service.server";
import { createAttention, type Attention } from "./leads/attention.server";
import { leadDeliveryHandlers } from "./leads/notifications.server";
import { createLeadPrivacy, type LeadPrivacy } from "./leads/privacy.server";
import { createLeadService } from "./leads/service.server";
import { createLeadTimeline, type LeadTimeline } from "./leads/timeline.server";
import { errorKind, type Logger } from "./logger.server";
import { createMailer, type Mailer } from "./mail/mailer.server";
import type { Metrics } from "./metrics.server";
import { createOutboxWorker, type OutboxTrigger } from "./outbox/outbox.server";
import { undeliverableAlertHandlers, undeliverableAlertItem } from "./outbox/undeliverable.server";
import { paymentDeliveryHandlers } from "./payments/notifications.server";
import { createPayments, type PaymentsOptions } from "./payments/payments.server";
import type { PaymentService } from "./payments/service.server";
import { createPaymentsView } from "./payments/view.server";
import { clientSignInHandlers, createClientSignIn, type ClientSignIn } from "./portal/sign-in.server";
import { createPortalView, type PortalView } from "./portal/view.server";
import { createQuoteCheckout, type QuoteCheckout } from "./quotes/checkout.server";
import { quoteDeliveryHandlers } from "./quotes/notifications.server";
import { createQuoteService } from "./quotes/service.server";
import { createLeadQuotes, type LeadQuotes } from "./quotes/studio.server";
import { followUpReminders } from "./reminders/follow-ups.server";
import { createReminderOptOuts, type ReminderOptOuts } from "./reminders/opt-outs.server";
import { reminderDeliveryHandlers } from "./reminders/reminders.server";
import { secretFor } from "./secrets.server";
import { recentChanges } from "./settings/audit.server";
import { createCatalogue, type Catalogue } from "./settings/catalogue.server";
import { createContracts, type Contracts } from "./settings/contract.server";
import { createSettings, type Settings } from "./settings/settings.server";
import { createStudioHome, type StudioHome } from "./studio/home.server";
import { createWeeklyDigest, weeklyDeliveryHandlers, type WeeklyDigest } from "./studio/weekly.server";

/** What every capability may be built with; only config, database and logger are required. */
export type ServiceDeps = {
  config: AppConfig;
  database: AppDatabase;
  logger: Logger;
  /** Clock (ms) for rate limits and timestamps; tests move it. */
  now?: () => number;
  /** The process's metrics (server/metrics.server.ts); absent: the outbox counts nothing. */
  metrics?: Metrics;
  /**
   * A serving process: the mailer (SMTP_URL) and the outbox worker with every channel's
   * delivery handlers are built, and the worker is nudged when a notification is queued.
   * Otherwise (API tests, commands) queued rows wait for a worker; reminders can be scanned, not sent.
   */
  deliver?: boolean;
  /** A test's own outbox worker to nudge (absent: the one `deliver` builds, if any). */
  outbox?: OutboxTrigger;
  /** False when SMTP_URL is unset, so a new inquiry's notification is logged as left pending (default: the mailer's). */
  mailConfigured?: boolean;
  /** Payments test seams (a local Stripe API, a provider). */
  payments?: PaymentsOptions;
  /** A test's own analytics (to flush or inspect); absent: built here. */
  analytics?: Analytics;
};

/**
 * What public route actions and loaders may use at runtime, through React Router's
 * load context (app/load-context.ts); the back office's pages get theirs (`studio`) beside these.
 */
export type AppServices = {
  config: AppConfig;
  /** Create and verify payments (the /payment action, the /payment-success loader). */
  payments: PaymentService;
  /** The contact page's no-JavaScript form action posts through this. */
  inquiries: Pick<InquiryService, "submitForm">;
  /** The client's quote page: show a quote by its token, pay what is due. */
  quotes: QuoteCheckout;
  /** The quote page's care plan: "then $X/month", started once the balance is paid (issue 42). */
  quotePlans: Pick<QuotePlans, "ofQuotePage" | "start">;
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
  /** The client portal (/portal): sign-in by emailed link, and what a signed-in client sees. */
  portal: { signIn: ClientSignIn; view: PortalView; plans: ClientPlans };
};

/** The portal's Plans page: the plans billed to the signed-in client's proven address, and Stripe's portal for one. */
export type ClientPlans = Pick<CarePlanBilling, "plansOfClient" | "clientBillingPortal">;

/** Sign-in: better-auth's sessions and the account's security settings, loaded on first use (decision 0022). */
export type StudioSignIn = {
  sessions: ReturnType<typeof createStudioSessions>;
  security: ReturnType<typeof createStudioSecurity>;
};

/** The back office's pages' services (the load context's `studio`). */
export type StudioServices = StudioSignIn & {
  leads: ReturnType<typeof createLeadService>;
  payments: ReturnType<typeof createPaymentsView>;
  privacy: LeadPrivacy;
  quotes: LeadQuotes;
  /** Refunds of settled quote payments, each with its credit note. */
  refunds: QuoteRefunds;
  /** The studio's home: what needs attention now. */
  attention: Attention;
  /** The owner's day: calls this week, money this month and last, what is open, what needs attention. */
  home: StudioHome;
  /** Invoices and receipts of a period, with the tax collected per tax. */
  accounting: Accounting;
  /** A lead's care plans: cancel at the period's end, Stripe's portal (server/billing/plans). */
  carePlans: CarePlanBilling["studio"];
  bookings: ReturnType<typeof createBookingStudio>;
  feeds: ReturnType<typeof createCalendarFeeds>;
  analytics: ReturnType<typeof createAnalyticsDashboard>;
  /** The packages and add-ons a quote line may come from (issue 38). */
  catalogue: Catalogue;
  /** The service agreement's template, versioned (issue 38). */
  contracts: Contracts;
  /** The quote defaults the owner changes without a deploy (issue 38). */
  settings: Settings;
  /** The latest changes of the settings, the catalogue and the agreement: who, when, before and after. */
  settingsHistory: () => ReturnType<typeof recentChanges>;
};

/**
 * The one composition root: every capability of the application, each built once. The web
 * app mounts its routes from it (app.server.ts), a serving process starts its jobs from it
 * (process.server.ts), and the commands under scripts/ take what they need from it. A test
 * (services.server.test.ts) fails when a factory called here is called anywhere else.
 */
export function createServices(deps: ServiceDeps) {
  const { config, database, logger, now } = deps;
  // Keys derived from the root secret, one per purpose (secrets.server.ts).
  const bookingLinks = secretFor(config, "booking-links");
  // The lead's timeline and pipeline: every capability that moves a lead writes through it.
  const timeline = createLeadTimeline();
  const reminderOptOuts = createReminderOptOuts({
    database,
    key: secretFor(config, "reminder-opt-outs"),
    now,
  });
  // Only a serving process sends; elsewhere reminders are only scanned, and the mailer never sends.
  const mailer = createMailer(deps.deliver ? config : { ...config, SMTP_URL: undefined }, logger);
  const reminders = followUpReminders({ config, mailer, optOuts: reminderOptOuts });
  // Notifications (inquiry, payment, quote, booking and account emails, form-service forwards) leave through the outbox.
  // The weekly email's figures come from the back office, built below; its delivery reads them when it runs.
  const late: { weekly?: WeeklyDigest } = {};
  const outboxWorker = deps.deliver
    ? createDelivery({ ...deps, mailer, reminders, bookingLinks, weekly: () => late.weekly! })
    : undefined;
  const outbox = deps.outbox ?? outboxWorker;

  // Cookieless analytics: page beacons, and goals recorded by the capabilities below (docs/product.md#analytics).
  const analytics =
    deps.analytics ?? createAnalytics({ config, database, logger, metrics: deps.metrics, now });
  const money = createMoney({ ...deps, timeline, outbox, analytics });
  const inquiries = createInquiryService({
    config,
    database,
    logger,
    outbox,
    mailConfigured: deps.mailConfigured ?? (deps.deliver ? mailer.configured : undefined),
    now,
    goals: analytics,
  });
  // The studio's own calendars (CalDAV, ICS): their busy times remove slots; one cache for the
  // visitor's side and the back office, their credentials sealed under a key of their own.
  const calendarSources = createCalendarSources({
    database,
    key: secretFor(config, "calendar-credentials"),
    logger,
    now,
  });
  if (deps.metrics) registerCalendarGauges(deps.metrics, calendarSources, now);
  const booking = createBookingService({
    config,
    database,
    logger,
    manageSecret: bookingLinks,
    timeline,
    outbox,
    goals: analytics,
    calendar: calendarSources,
    now,
  });
  const feeds = createCalendarFeeds({ config, database, now });
  const { studio, ...backOffice } = createBackOffice({
    ...deps,
    outbox,
    quotes: { ...money.quotes, preview: money.quoteCheckout.preview },
    paymentService: money.payments.service,
    feeds,
    refunds: money.refunds,
    calendarSources,
    carePlans: money.carePlans.studio,
  });
  late.weekly = backOffice.weekly;
  const web: AppServices = {
    config,
    ...webMoney(money),
    inquiries,
    reminderOptOuts,
    booking,
    logRouteError: routeErrorLogger(logger),
    portal: createPortal({ ...deps, outbox, bookingLinks }, money, backOffice.privacy),
  };
  return {
    config,
    database,
    logger,
    mailer,
    /** The outbox worker (a serving process only: `deliver`). */
    outboxWorker,
    timeline,
    analytics,
    ...money,
    inquiries,
    booking,
    calendarSources,
    reminderOptOuts,
    reminders,
    feeds,
    ...backOffice,
    /** The public routes' load context (AppServices). */
    web,
    /** The back office's pages' load context, once sign-in has loaded. */
    studio,
  };
}

/** The client portal: its own sign-in (never a studio session) and reads scoped to the client's leads. */
function createPortal(
  deps: ServiceDeps & { outbox: OutboxTrigger | undefined; bookingLinks: string },
  money: { quoteCheckout: QuoteCheckout; carePlans: ClientPlans },
  privacy: LeadPrivacy,
): AppServices["portal"] {
  const { quoteCheckout: quotes, carePlans: plans } = money;
  const { config, database, now, outbox, bookingLinks } = deps;
  return {
    signIn: createClientSignIn({ config, database, outbox, now }),
    view: createPortalView({
      database,
      quotes,
      privacy,
      managePath: (id) => `/book/manage/${manageToken(bookingLinks, id)}`,
      now,
      documents: documentStamp(config),
    }),
    plans: { plansOfClient: plans.plansOfClient, clientBillingPortal: plans.clientBillingPortal },
  };
}

/** What the web pages take of the money capabilities: payments, the quote page and its care plan. */
function webMoney(money: ReturnType<typeof createMoney>) {
  return {
    payments: money.payments.service,
    quotes: money.quoteCheckout,
    quotePlans: money.carePlans.quotePlans,
  };
}

/**
 * Money: payments, their settlement (a settled payment moves its quote on, issues the receipt and
 * moves the lead to Won), refunds, the client's side of quotes and the studio's.
 */
function createMoney(
  deps: ServiceDeps & { timeline: LeadTimeline; outbox: OutboxTrigger | undefined; analytics: Analytics },
) {
  const { config, database, logger, now, timeline, outbox, analytics } = deps;
  const settlement = createQuoteSettlement({
    timeline,
    logger,
    registrationNumber: config.GST_HST_NUMBER ?? null,
  });
  // Stripe's refund events finish (or fail) the refunds the studio made of settled payments.
  const payments = createPayments({
    config,
    database,
    logger,
    options: deps.payments,
    outbox,
    onPaid: settlement,
    now,
    goals: analytics,
    onRefundUpdate: (update) => refunds.providerUpdate(update),
    onChargeRefunded: (match) => refunds.settleFlaggedElsewhere(match),
    onBillingEvent: (event) => carePlans.handleEvent(event),
  });
  const carePlans = createCarePlanBilling({
    database,
    logger,
    stripe: payments.stripe,
    sandbox:
      payments.provider === "sandbox"
        ? createSandboxBilling({
            database,
            logger,
            siteUrl: config.SITE_URL,
            registered: Boolean(config.GST_HST_NUMBER),
            linkKey: secretFor(config, "care-plan-links"),
            now,
          })
        : undefined,
    siteUrl: config.SITE_URL,
    registration: config.GST_HST_NUMBER ?? null,
    linkKey: secretFor(config, "care-plan-links"),
    outbox,
    goals: analytics,
    now,
  });
  const refunds = createQuoteRefunds({
    database,
    payments: payments.service,
    timeline,
    outbox,
    logger,
    now,
  });
  const quoteCheckout = createQuoteCheckout({
    config,
    database,
    payments: payments.service,
    timeline,
    logger,
    outbox,
    now,
    goals: analytics,
  });
  const quotes = createQuoteService({
    config,
    database,
    timeline,
    checkouts: payments.service,
    outbox,
    now,
  });
  return { payments, refunds, quoteCheckout, quotes, carePlans };
}

/**
 * A route's loader or action that failed, or a post it refused (AppServices.logRouteError): the
 * error's kind and code and the path, never its message or stack; a refusal (4xx) is a warning.
 */
function routeErrorLogger(logger: Logger): AppServices["logRouteError"] {
  return (request, error) => {
    const kind = errorKind(error);
    const refused = typeof kind.code === "number" && kind.code < 500;
    logger[refused ? "warn" : "error"](
      { method: request.method, path: new URL(request.url).pathname, error: kind },
      refused ? "route refused a request" : "route error",
    );
  };
}

/** The serving process's delivery: the outbox worker with every channel's handler. */
function createDelivery({
  config,
  database,
  logger,
  metrics,
  mailer,
  reminders,
  bookingLinks,
  weekly,
}: ServiceDeps & {
  mailer: Mailer;
  reminders: ReturnType<typeof followUpReminders>;
  bookingLinks: string;
  weekly: () => WeeklyDigest;
}) {
  return createOutboxWorker({
    database,
    logger,
    leaseMs: config.OUTBOX_LEASE_SECONDS * 1000,
    handlers: {
      ...inquiryDeliveryHandlers({ config, database, mailer }),
      ...leadDeliveryHandlers({ database, mailer }),
      ...weeklyDeliveryHandlers({ digest: weekly, mailer }),
      ...paymentDeliveryHandlers({ config, database, mailer }),
      ...quoteDeliveryHandlers({ config, database, mailer }),
      ...bookingDeliveryHandlers({ config, database, mailer, manageSecret: bookingLinks }),
      ...bookingStudioDeliveryHandlers({ config, database, mailer }),
      ...securityNoticeHandlers({ database, mailer }),
      ...clientSignInHandlers({ config, database, mailer }),
      ...undeliverableAlertHandlers({ config, database, mailer }),
      ...carePlanDeliveryHandlers({
        database,
        mailer,
        siteUrl: config.SITE_URL,
        linkKey: secretFor(config, "care-plan-links"),
      }),
      ...reminderDeliveryHandlers({ database, reminders, enabled: mailer.configured }),
    },
    metrics,
    onUndeliverable: undeliverableAlertItem,
  });
}

/** The back office's capabilities; sign-in (better-auth) loads with the studio's first request (decision 0022). */
function createBackOffice(
  deps: ServiceDeps & {
    outbox: OutboxTrigger | undefined;
    /** The studio's quote service, with the client's page of a draft ("Preview as the client"). */
    quotes: ReturnType<typeof createQuoteService> & { preview: QuoteCheckout["preview"] };
    paymentService: PaymentService;
    feeds: ReturnType<typeof createCalendarFeeds>;
    refunds: QuoteRefunds;
    calendarSources: ReturnType<typeof createCalendarSources>;
    carePlans: CarePlanBilling["studio"];
  },
) {
  const { config, database, now, outbox, quotes, feeds, refunds, calendarSources } = deps;
  // The back office. Sign-in (better-auth) loads with the studio's first request, not at
  // start-up (decision 0022); a failed load is tried again.
  let auth: ReturnType<typeof createStudioAuth> | undefined;
  const loadAuth = () =>
    (auth ??= createStudioAuth({ config, database }).catch((error: unknown) => {
      auth = undefined;
      throw error;
    }));
  let signIn: Promise<StudioSignIn> | undefined;
  const loadSignIn = () =>
    (signIn ??= loadAuth().then(
      (auth) => {
        const notice = createSecurityNotices({ database, outbox, now });
        const sessions = createStudioSessions({ auth, database, config, now, notice });
        return { sessions, security: createStudioSecurity({ auth, database, sessions }) };
      },
      (error: unknown) => {
        signIn = undefined;
        throw error;
      },
    ));
  const leads = createLeadService({ database, config, outbox, now });
  const paymentsView = createPaymentsView({ database });
  // One lead privacy: the studio's export and deletion, and the daily purge.
  const privacy = createLeadPrivacy({ database, now });
  const catalogue = createCatalogue({ database, now });
  const contracts = createContracts({ database, now });
  const settings = createSettings({ database, now, env: config });
  const leadQuotes = createLeadQuotes({
    database,
    service: quotes,
    taxRegistered: Boolean(config.GST_HST_NUMBER),
    now,
    catalogue,
    preview: quotes.preview,
    documents: documentStamp(config),
  });
  const attention = createAttention({
    database,
    now,
    backups: () => backupHealth(config, (now ?? Date.now)()),
  });
  const accounting = createAccounting({ database, now });
  const bookingStudio = createBookingStudio({ database, outbox, calendar: calendarSources, now });
  const dashboard = createAnalyticsDashboard({ database, now });
  const home = createStudioHome({ database, attention, accounting, calls: bookingStudio, now });
  const weekly = createWeeklyDigest({ database, dashboard, accounting, outbox, now });
  const studio = async (): Promise<StudioServices> => ({
    ...(await loadSignIn()),
    leads,
    payments: paymentsView,
    privacy,
    quotes: leadQuotes,
    refunds,
    attention,
    home,
    accounting,
    carePlans: deps.carePlans,
    bookings: bookingStudio,
    feeds,
    analytics: dashboard,
    catalogue,
    contracts,
    settings,
    settingsHistory: () => recentChanges(database.db),
  });
  return {
    loadSignIn,
    leads,
    paymentsView,
    privacy,
    leadQuotes,
    attention,
    accounting,
    bookingStudio,
    dashboard,
    catalogue,
    contracts,
    settings,
    weekly,
    studio,
  };
}

export type Services = ReturnType<typeof createServices>;
