import { createAnalyticsDashboard } from "../analytics/dashboard.server";
import type { AppDeps } from "../app.server";
import { createCalendarFeeds } from "../booking/feed.server";
import { createBookingStudio } from "../booking/studio.server";
import { backupHealth } from "../db/backup.server";
import { createAccounting, type Accounting } from "../quotes/accounting.server";
import { createQuoteRefunds, type QuoteRefunds } from "../quotes/refunds.server";
import type { QuoteService } from "../quotes/service.server";
import { createLeadQuotes, type LeadQuotes } from "../quotes/studio.server";
import type { AppServices } from "../services.server";
import { createStudioLeadActivity } from "./activity.server";
import { createAttention, type Attention } from "./attention.server";
import { createStudioAuth } from "./auth.server";
import { createLeadService } from "./leads.server";
import { createPaymentsView } from "./payments-view.server";
import { createLeadPrivacy, type LeadPrivacy } from "./privacy.server";
import { createSecurityNotices } from "./security-notices.server";
import { createStudioSecurity } from "./security.server";
import { createStudioSessions } from "./session.server";

export type StudioServices = {
  sessions: ReturnType<typeof createStudioSessions>;
  security: ReturnType<typeof createStudioSecurity>;
  leads: ReturnType<typeof createLeadService>;
  payments: ReturnType<typeof createPaymentsView>;
  privacy: LeadPrivacy;
  quotes: LeadQuotes;
  /** Refunds of settled quote payments, each with its credit note. */
  refunds: QuoteRefunds;
  /** The studio's home: what needs attention now. */
  attention: Attention;
  /** Invoices and receipts of a period, with the tax collected per tax. */
  accounting: Accounting;
  bookings: ReturnType<typeof createBookingStudio>;
  feeds: ReturnType<typeof createCalendarFeeds>;
  analytics: ReturnType<typeof createAnalyticsDashboard>;
};
export type StudioSignIn = Pick<StudioServices, "sessions" | "security">;

/**
 * The back office's services. Sign-in (better-auth) loads with the studio's
 * first request, not at start-up (decision 0022); a failed load is tried again.
 */
export function createStudioServices(deps: AppDeps, services: AppServices, quoteService: QuoteService) {
  const { config, database, now } = deps;
  let signIn: Promise<StudioSignIn> | undefined;
  const loadSignIn = () =>
    (signIn ??= createStudioAuth({ config, database }).then(
      (auth) => {
        const notice = createSecurityNotices({ database, outbox: deps.outbox, now });
        const sessions = createStudioSessions({ auth, database, config, now, notice });
        return { sessions, security: createStudioSecurity({ auth, database, sessions }) };
      },
      (error: unknown) => {
        signIn = undefined;
        throw error;
      },
    ));
  const leads = createLeadService({ database, config, outbox: deps.outbox, now });
  const payments = createPaymentsView({ database });
  const privacy = deps.privacy ?? createLeadPrivacy({ database, now });
  const quotes = createLeadQuotes({
    database,
    service: quoteService,
    payments: services.payments,
    taxRegistered: Boolean(config.GST_HST_NUMBER),
    now,
  });
  const refunds = createQuoteRefunds({
    database,
    payments: services.payments,
    activity: createStudioLeadActivity(),
    outbox: deps.outbox,
    logger: deps.logger,
    now,
  });
  const attention = createAttention({
    database,
    now,
    backups: () => backupHealth(config, (now ?? Date.now)()),
  });
  const accounting = createAccounting({ database, now });
  const bookings = createBookingStudio({ database, outbox: deps.outbox, now });
  const feeds = createCalendarFeeds({ config, database, now });
  const analytics = createAnalyticsDashboard({ database, now });
  const all = async (): Promise<StudioServices> => ({
    ...(await loadSignIn()),
    leads,
    payments,
    privacy,
    quotes,
    refunds,
    attention,
    accounting,
    bookings,
    feeds,
    analytics,
  });
  return { loadSignIn, leads, payments, privacy, quotes, refunds, accounting, analytics, all };
}
