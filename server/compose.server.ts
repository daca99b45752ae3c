import type { Server } from "node:http";

import { startAnalyticsJobs } from "./analytics/jobs.server";
import { createAnalytics } from "./analytics/service.server";
import type { AppDeps } from "./app.server";
import { securityNoticeHandlers } from "./auth/security-notices.server";
import { createQuoteRefunds, startRefundRecoveryJob } from "./billing/refunds.server";
import { bookingStudioDeliveryHandlers } from "./booking/company-notices.server";
import { bookingDeliveryHandlers } from "./booking/notifications.server";
import type { AppConfig } from "./config.server";
import type { AppDatabase } from "./db/database.server";
import { closeHttpServer } from "./http/node-server.server";
import { inquiryDeliveryHandlers } from "./inquiries/notifications.server";
import { createLeadPrivacy, startRetentionJob } from "./leads/privacy.server";
import { createStudioLeadActivity } from "./leads/timeline.server";
import { errorKind, exitAfterFlush, onStopSignal, type Logger } from "./logger.server";
import { createMailer } from "./mail/mailer.server";
import type { Metrics } from "./metrics.server";
import { createOutboxWorker } from "./outbox/outbox.server";
import { undeliverableAlertHandlers, undeliverableAlertItem } from "./outbox/undeliverable.server";
import { paymentDeliveryHandlers } from "./payments/notifications.server";
import { createPaymentProvider } from "./payments/payments.server";
import { createRefundRequests } from "./payments/service.server";
import { quoteDeliveryHandlers } from "./quotes/notifications.server";
import { followUpReminders } from "./reminders/follow-ups.server";
import { createReminderOptOuts, optOutKey } from "./reminders/opt-outs.server";
import { reminderDeliveryHandlers, startReminderJob } from "./reminders/reminders.server";
import { studioAuthSecret } from "./secrets.server";

/**
 * The one composition root of a serving process: the mailer, the outbox worker
 * with every capability's delivery handlers, and the retention job, around an
 * open database. The production entry (index.ts) and the dev server (dev.ts)
 * both build their app from it, so development runs the same services.
 */
export function composeServices({
  config,
  database,
  logger,
  metrics,
  beforeStop,
}: {
  config: AppConfig;
  database: AppDatabase;
  logger: Logger;
  metrics?: Metrics;
  beforeStop?: () => Promise<void>;
}) {
  // Notifications (inquiry, payment, quote and account emails, form-service forwards) leave through the outbox.
  const mailer = createMailer(config, logger);
  // Follow-ups (quote expiring, balance unpaid, lead waiting) go through the outbox too; a leased job queues them.
  const reminders = followUpReminders({
    config,
    mailer,
    optOuts: createReminderOptOuts({ database, key: optOutKey(config) }),
  });
  const outbox = createOutboxWorker({
    database,
    logger,
    leaseMs: config.OUTBOX_LEASE_SECONDS * 1000,
    handlers: {
      ...inquiryDeliveryHandlers({ config, database, mailer }),
      ...paymentDeliveryHandlers({ config, database, mailer }),
      ...quoteDeliveryHandlers({ config, database, mailer }),
      ...bookingDeliveryHandlers({ config, database, mailer, manageSecret: studioAuthSecret(config) }),
      ...bookingStudioDeliveryHandlers({ config, database, mailer }),
      ...securityNoticeHandlers({ database, mailer }),
      ...undeliverableAlertHandlers({ config, database, mailer }),
      ...reminderDeliveryHandlers({ database, reminders, enabled: mailer.configured }),
    },
    metrics,
    onUndeliverable: undeliverableAlertItem,
  });
  // One lead privacy per process: the studio's export and deletion, and the daily purge.
  const privacy = createLeadPrivacy({ database });
  let retention: { stop(): Promise<void> } | undefined;
  // One analytics per process: the app's beacons and goals, flushed before the database closes.
  const analytics = createAnalytics({ config, database, logger, metrics });
  let analyticsJobs: { stop(): Promise<void> } | undefined;
  let reminderJob: { stop(): Promise<void> } | undefined;
  // Refunds whose process died between Stripe's answer and the credit note: a leased job finishes them (decision 0038).
  const refunds = createQuoteRefunds({
    database,
    payments: createRefundRequests({ provider: createPaymentProvider(config).provider, logger }),
    activity: createStudioLeadActivity(),
    outbox,
    logger,
  });
  let refundJob: { stop(): Promise<void> } | undefined;
  /** Once listening: the outbox worker, and the daily purge, which every serving process competes for (a lease: one runs it). */
  const start = () => {
    outbox.start();
    retention = startRetentionJob(
      privacy,
      config.STUDIO_RETENTION_MONTHS,
      (purged) => purged > 0 && logger.info({ purged }, "retention: expired leads purged"),
      (err) => logger.error({ error: errorKind(err) }, "retention purge failed"),
      { database },
    );
    analyticsJobs = startAnalyticsJobs({ database, salts: analytics.salts, logger });
    reminderJob = startReminderJob({
      database,
      reminders,
      outbox,
      onError: (err) => logger.error({ error: errorKind(err) }, "reminder scan failed"),
    });
    refundJob = startRefundRecoveryJob({
      database,
      refunds,
      onError: (err) => logger.error({ error: errorKind(err) }, "refund recovery failed"),
    });
  };
  return {
    /** What createNodeHandler needs besides the site. */
    appDeps: {
      config,
      database,
      logger,
      outbox,
      mailConfigured: mailer.configured,
      metrics,
      analytics,
      privacy,
    } satisfies AppDeps,
    /** Listens on PORT and HOST, logs where ("listening", with `fields`: the worker, dev), then starts the services. */
    listen(server: Server, fields: Record<string, unknown> = {}) {
      server.listen(config.PORT, config.HOST, () => {
        const address = server.address();
        const port = typeof address === "object" && address ? address.port : config.PORT;
        const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
        logger.info({ url: `http://${host}:${port}`, database: database.kind, ...fields }, "listening");
        start();
      });
    },
    /** After the HTTP server closed: the purge hands its lease on, `beforeStop` (a backup under way), the worker finishes its pass (it records deliveries), then the database closes. */
    async stop() {
      await retention?.stop();
      await analyticsJobs?.stop();
      await analytics.flush();
      await reminderJob?.stop();
      await refundJob?.stop();
      await beforeStop?.();
      await outbox.stop();
      mailer.close();
      await database.close();
    },
  };
}

/**
 * SIGTERM/SIGINT: stop accepting (in-flight requests are answered, then their
 * connections close), run `before` (the dev server's Vite), stop the services,
 * exit; a shutdown that hangs exits with 1 after 10 s.
 */
export function closeOnSignals({
  server,
  services,
  logger,
  before,
}: {
  server: Server;
  services: { stop(): Promise<void> };
  logger: Logger;
  before?: () => Promise<void>;
}) {
  onStopSignal(logger, { limitMs: 10_000, late: "shutdown timed out after 10 s" }, (signal) => {
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    void (before ?? (async () => {}))().finally(() =>
      closeHttpServer(server, async () => {
        await services.stop();
        logger.info("closed");
        await exitAfterFlush(logger, 0);
      }),
    );
  });
}
