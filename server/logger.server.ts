import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import type { AppConfig } from "./config.server";

export type Logger = pino.Logger;

/**
 * The request being served, if any. The request middleware enters it, so every
 * line logged while answering a request (by any module) carries its reqId.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

export type LoggerOptions = {
  /** Where lines go (default stdout); tests pass a stream to read them. */
  stream?: pino.DestinationStream;
  /** Overrides the level (NODE_ENV=test is otherwise silent). */
  level?: pino.LevelWithSilent;
};

/** Structured JSON logs. Visitors' message bodies and card data are never logged. */
export function createLogger(config: Pick<AppConfig, "LOG_LEVEL" | "NODE_ENV">, options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? (config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL),
      base: undefined,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.message", "*.email", "*.phone"], remove: true },
      // A line logged inside a request gets its id, unless the line names one itself.
      mixin: (_context, _level) => {
        const store = requestContext.getStore();
        return store ? { reqId: store.reqId } : {};
      },
    },
    options.stream,
  );
}
