import pino from "pino";
import type { AppConfig } from "./config.server";

export type Logger = pino.Logger;

/** Structured JSON logs. Visitors' message bodies and card data are never logged. */
export function createLogger(config: Pick<AppConfig, "LOG_LEVEL" | "NODE_ENV">): Logger {
  return pino({
    level: config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL,
    base: undefined,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.message", "*.email", "*.phone"], remove: true },
  });
}
