import type { Server } from "node:http";

import { startAnalyticsJobs } from "./analytics/jobs.server";
import { startSandboxRenewalJob } from "./billing/plans/sandbox-billing.server";
import { startRefundRecoveryJob } from "./billing/refunds.server";
import { startCalendarSourcesJob } from "./booking/calendar-sources.server";
import type { AppConfig } from "./config.server";
import type { AppDatabase } from "./db/database.server";
import { engineName } from "./db/dialect";
import type { AppDeps } from "./http/env";
import { closeHttpServer } from "./http/node-server.server";
import { startRetentionJob } from "./leads/privacy.server";
import { errorKind, exitAfterFlush, onStopSignal, type Logger } from "./logger.server";
import type { Metrics } from "./metrics.server";
import { startReminderJob } from "./reminders/reminders.server";
import { createServices } from "./services.server";
import { startWeeklyDigestJob } from "./studio/weekly.server";

/**
 * A serving process around an open database: the services built once (createServices,
 * delivering: its mailer and outbox worker), their jobs, and the order
 * they stop in. The production entry (index.ts) and the dev server (dev.ts) both serve
 * their app from it, so development runs the same services.
 */
export function startProcess({
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
  const services = createServices({ config, database, logger, metrics, deliver: true });
  const { mailer, privacy, analytics, reminders, refunds, calendarSources } = services;
  const outbox = services.outboxWorker!;
  const jobs: { stop(): Promise<void> }[] = [];
  /** Once listening: the outbox worker and the leased jobs, which every serving process competes for (a lease: one runs each). */
  const start = () => {
    outbox.start();
    jobs.push(
      // The daily purge of expired leads.
      startRetentionJob(
        privacy,
        config.STUDIO_RETENTION_MONTHS,
        (purged) => purged > 0 && logger.info({ purged }, "retention: expired leads purged"),
        (err) => logger.error({ error: errorKind(err) }, "retention purge failed"),
        { database },
      ),
      startAnalyticsJobs({ database, salts: analytics.salts, logger }),
      // Follow-ups (quote expiring, balance unpaid, lead waiting), queued to the outbox.
      startReminderJob({
        database,
        reminders,
        outbox,
        onError: (err) => logger.error({ error: errorKind(err) }, "reminder scan failed"),
      }),
      // Refunds whose process died between Stripe's answer and the credit note (decision 0038).
      startRefundRecoveryJob({
        database,
        refunds,
        onError: (err) => logger.error({ error: errorKind(err) }, "refund recovery failed"),
      }),
      // The studio's calendars read again before their copies are 5 minutes old (decision 0048).
      startCalendarSourcesJob({
        database,
        sources: calendarSources,
        onError: (err) => logger.error({ error: errorKind(err) }, "calendar sources pass failed"),
      }),
      // The studio's weekly email, queued Monday from 08:00 in Vancouver (issue 41).
      startWeeklyDigestJob({ database, digest: services.weekly, logger }),
      // Without Stripe, the sandbox renews care plans whose month is over, as Stripe Billing would.
      ...(services.carePlans.sandbox
        ? [startSandboxRenewalJob({ database, sandbox: services.carePlans.sandbox, logger })]
        : []),
    );
  };
  return {
    services,
    /** What createNodeHandler needs besides the site. */
    appDeps: { config, database, logger, metrics, services } satisfies AppDeps,
    /** Listens on PORT and HOST, logs where ("listening", with `fields`: the worker, dev), then starts the services. */
    listen(server: Server, fields: Record<string, unknown> = {}) {
      server.listen(config.PORT, config.HOST, () => {
        const address = server.address();
        const port = typeof address === "object" && address ? address.port : config.PORT;
        const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
        logger.info(
          { url: `http://${host}:${port}`, database: engineName(database), ...fields },
          "listening",
        );
        start();
      });
    },
    /** After the HTTP server closed: the jobs hand their leases on, analytics flushes, `beforeStop` (a backup under way), the worker finishes its pass (it records deliveries), then the database closes. */
    async stop() {
      const [retention, analyticsJobs, reminderJob, refundJob, calendarJob, weeklyJob] = jobs;
      await retention?.stop();
      await analyticsJobs?.stop();
      await analytics.flush();
      await reminderJob?.stop();
      await refundJob?.stop();
      await calendarJob?.stop();
      await weeklyJob?.stop();
      for (const job of jobs.slice(6)) await job.stop();
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
