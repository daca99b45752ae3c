import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac, randomBytes } from "node:crypto";
import pino from "pino";
import type { AppConfig } from "./config.server";

export type Logger = pino.Logger;

/**
 * The request being served, if any. The request middleware enters it, so every
 * line logged while answering a request (by any module) carries its reqId.
 */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

export type LoggerOptions = {
  /** Where lines go (default: stdout through a buffer, see below); tests pass a stream to read them. */
  stream?: pino.DestinationStream;
  /** Overrides the level (NODE_ENV=test is otherwise silent). */
  level?: pino.LevelWithSilent;
};

/**
 * Structured JSON logs. Visitors' names, emails, phones, messages, raw addresses
 * and card data are never logged: lines name rows by id, clients by logTag.
 */
/** Bytes gathered before a write to stdout; the timer below caps how long a line waits. */
export const LOG_BUFFER_BYTES = 4096;
export const LOG_FLUSH_INTERVAL_MS = 1000;

/**
 * Stdout, written asynchronously in batches. One synchronous write per access
 * log line cost more than half a prerendered page's throughput (issue 21).
 * Lines wait at most LOG_FLUSH_INTERVAL_MS; a clean exit flushes them first
 * (exitAfterFlush), and pino flushes synchronously on any process.exit, so
 * only a SIGKILL or a crash of the process itself can lose the last second.
 */
function bufferedStdout(): pino.DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  setInterval(() => destination.flush(), LOG_FLUSH_INTERVAL_MS).unref();
  return destination;
}

export function createLogger(config: Pick<AppConfig, "LOG_LEVEL" | "NODE_ENV">, options: LoggerOptions = {}): Logger {
  const level = options.level ?? (config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL);
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.message", "*.email", "*.phone"], remove: true },
      // A line logged inside a request gets its id, unless the line names one itself.
      mixin: (_context, _level) => {
        const store = requestContext.getStore();
        return store ? { reqId: store.reqId } : {};
      },
    },
    options.stream ?? (level === "silent" ? undefined : bufferedStdout()),
  );
}

/** Used when LOG_HASH_KEY is unset: tags then correlate within one process's lifetime only. */
const processLogHashKey = randomBytes(32);

/**
 * A keyed hash (HMAC-SHA256, 16 hex digits) that stands in for a client address
 * in logs: the same client gets the same tag, so lines correlate, but without
 * the key an address cannot be recovered by hashing all 2^32 IPv4 addresses.
 */
export function createLogTag(key: string | undefined): (value: string) => string {
  const secret = key ?? processLogHashKey;
  return (value) => createHmac("sha256", secret).update(value).digest("hex").slice(0, 16);
}

/**
 * An error's kind and code, for a log line. Not its message: a driver's message may quote a
 * visitor's values, and the logger removes every nested "message" key anyway.
 */
export function errorKind(err: unknown): { name: string; code?: unknown } {
  if (err instanceof Error) return { name: err.name, code: (err as { code?: unknown }).code };
  return { name: typeof err };
}

/** Writes out every buffered line, then exits: the one way the server's processes exit. */
export async function exitAfterFlush(logger: Logger, code: number): Promise<never> {
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  process.exit(code);
}
