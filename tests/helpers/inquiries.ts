import type { Writable } from "node:stream";

import { createApp } from "../../server/app.server";
import { loadConfig } from "../../server/config.server";
import { inquiryDeliveryHandlers } from "../../server/inquiries/notifications.server";
import { createLogger } from "../../server/logger.server";
import { createMailer } from "../../server/mail/mailer.server";
import { createOutboxWorker } from "../../server/outbox/outbox.server";
import { openTestDatabase, type TestDatabase } from "./databases";
import { randomIp } from "./inquiry-fields";

export { randomIp, validInquiry } from "./inquiry-fields";

/**
 * The HTTP app plus an outbox worker wired like server/index.ts, on a fresh
 * test database, with a movable clock. The worker is driven by hand (runOnce).
 */
export async function createInquiryHarness(
  env: Record<string, string> = {},
  options: {
    database?: TestDatabase;
    fetch?: typeof fetch;
    /** Receives every log line (level debug). */ logStream?: Writable;
  } = {},
) {
  const config = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "true", ...env });
  const database = options.database ?? (await openTestDatabase());
  const logger = createLogger(config, options.logStream ? { stream: options.logStream, level: "debug" } : {});
  const mailer = createMailer(config, logger);
  const clock = { now: Date.now() };
  const now = () => clock.now;
  const worker = createOutboxWorker({
    database,
    logger,
    handlers: inquiryDeliveryHandlers({ config, database, mailer, fetch: options.fetch }),
    now,
  });
  const app = createApp({ config, database, logger, now, mailConfigured: mailer.configured });

  function post(body: unknown, init: { headers?: Record<string, string>; ip?: string; raw?: boolean } = {}) {
    const headers: Record<string, string> = { "x-forwarded-for": init.ip ?? randomIp(), ...init.headers };
    if (!init.raw) headers["content-type"] ??= "application/json";
    return app.request("/api/inquiries", {
      method: "POST",
      headers,
      body: init.raw ? (body as BodyInit) : JSON.stringify(body),
    });
  }

  const countInquiries = async () =>
    Number(
      (
        await database.db
          .selectFrom("leads")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  // Rows queued together share a time; the channel orders them (the acknowledgement, then the studio's email).
  const outboxRows = () =>
    database.db.selectFrom("outbox").selectAll().orderBy("created_at").orderBy("channel").execute();

  return {
    app,
    config,
    database,
    worker,
    clock,
    logger,
    mailer,
    post,
    countInquiries,
    outboxRows,
    async dispose() {
      await worker.stop();
      mailer.close();
      if (!options.database) await database.dispose();
    },
  };
}

export type InquiryHarness = Awaited<ReturnType<typeof createInquiryHarness>>;
