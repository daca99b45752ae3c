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
/**
 * Bytes of lines gathered before they are handed to the writer as one string (~110
 * access-log lines per write(2)); the timer below caps how long a line waits.
 */
export const LOG_BUFFER_BYTES = 16 * 1024;
export const LOG_FLUSH_INTERVAL_MS = 1000;

type SonicBoom = ReturnType<typeof pino.destination>;

/**
 * Lines kept in an array and handed to sonic-boom a batch at a time. sonic-boom's
 * own buffering (minLength) measures its growing buffer string on every line
 * (Buffer.byteLength of a rope flattens it): at 4 KB that was ~5 µs per line, a
 * quarter of the CPU of a 304 (decision 0019). Here a line costs an array push.
 */
class LineBatcher {
  #lines: string[] = [];
  #bytes = 0;
  readonly #writer: SonicBoom;
  constructor(writer: SonicBoom) {
    this.#writer = writer;
  }
  write(line: string) {
    this.#lines.push(line);
    this.#bytes += line.length;
    if (this.#bytes >= LOG_BUFFER_BYTES) this.#handOver();
  }
  #handOver() {
    if (this.#lines.length === 0) return;
    this.#writer.write(this.#lines.join(""));
    this.#lines = [];
    this.#bytes = 0;
  }
  /** pino's logger.flush(cb) lands here: every line to the file descriptor, then cb. */
  flush(cb?: (err?: Error) => void) {
    this.#handOver();
    this.#writer.flush(cb);
  }
  flushSync() {
    this.#handOver();
    this.#writer.flushSync();
  }
}

/**
 * Stdout in batches: one write(2) per LOG_BUFFER_BYTES of lines, not one per line,
 * which cost more than half a prerendered page's throughput in the server benchmark
 * (decision 0014, reports/bench.md). The batch is
 * written synchronously (decision 0023): an asynchronous write still in flight, or
 * waiting out a full pipe, when the process exits was lost (one batch in a CI run),
 * while a synchronous one is either done or still in the array for the exit flush.
 * Lines wait at most LOG_FLUSH_INTERVAL_MS; any exit writes them, so only a SIGKILL
 * or a crash of the process itself can lose the last second.
 */
function bufferedStdout(): pino.DestinationStream {
  const batcher = new LineBatcher(pino.destination({ dest: 1, sync: true, minLength: 0 }));
  setInterval(() => batcher.flush(), LOG_FLUSH_INTERVAL_MS).unref();
  process.on("exit", () => {
    try {
      batcher.flushSync();
    } catch {
      // stdout is gone (a closed pipe): nothing left to write to.
    }
  });
  return batcher;
}

const REMOVED_KEYS = ["req.headers.cookie", "req.headers.authorization", "*.message", "*.email", "*.phone"];
/** Keys whose value is a bearer credential: a quote's token, a checkout session's id (it shows the receipt). */
const MASKED_KEYS = ["token", "sessionId", "*.token", "*.sessionId"];
const MASKED_PATH_KEYS = ["path", "url", "*.path", "*.url"];

function censorLogValue(value: unknown, path: string[]) {
  const key = path.at(-1)!;
  if (typeof value !== "string")
    return MASKED_KEYS.includes(key) ? "…" : key === "path" || key === "url" ? value : undefined;
  if (key === "token" || key === "sessionId") return maskSecret(value);
  if (key === "path" || key === "url") return maskSecretPath(value);
  return undefined;
}

/** Prefixes of session ids that say what kind of id it is and nothing of its secret part. */
const PUBLIC_PREFIX = /^(?:sbx_|cs_live_|cs_test_|cs_)/;

/**
 * A bearer credential as a log line may show it: its public prefix and last four characters
 * (enough to match a line with a row or Stripe's dashboard, 24 bits of a 144-bit or longer secret).
 */
export function maskSecret(value: string): string {
  const prefix = PUBLIC_PREFIX.exec(value)?.[0] ?? "";
  const rest = value.length - prefix.length;
  return rest >= 16 ? `${prefix}…${value.slice(-4)}` : `${prefix}…`;
}

/**
 * The segment after /quote/ (a quote's link and its .data request), /calendar/ (the studio's
 * calendar feed, its .ics), /checkout/sandbox/ (a sandbox checkout and its pay/cancel posts),
 * /book/manage/ (a visitor's booking), /unsubscribe/ (a reminder's unsubscribe link) or
 * /api/care-plans/billing/ (a failed renewal's link to Stripe's customer portal), or
 * /billing/sandbox/checkout/ and /billing/sandbox/portal/ (the sandbox's stand-ins for
 * Stripe's checkout and customer portal, care plans without Stripe) grants access. tests/integration/access-tokens.test.ts enumerates the routes of app/routes.ts and
 * the Hono app, so a new route with a token fails there until it is added here.
 * Case-insensitive: React Router answers /QUOTE/… too; an encoded slash (%2F) counts as one.
 * Query strings are not logged (paths only), which keeps /payment?quote= and
 * /payment-success?session_id= out.
 */
const SECRET_SEGMENT =
  /(\/(?:quote|calendar|unsubscribe|book(?:\/|%2f)+manage|checkout(?:\/|%2f)+sandbox|care-plans(?:\/|%2f)+billing|billing(?:\/|%2f)+sandbox(?:\/|%2f)+(?:checkout|portal))(?:\/|%2f)+)([^/]+?)(\.data|\.ics)?(?=\/|$)/gi;
/** Cheap pre-check: every path with a secret segment has one of these (lower or upper case). */
const MAYBE_SECRET = /quote|sandbox|calendar|manage|unsubscribe|billing/i;

/** A path with its access tokens masked (maskSecret); other paths are returned as they are. */
export function maskSecretPath(path: string): string {
  if (!MAYBE_SECRET.test(path)) return path;
  return path.replace(
    SECRET_SEGMENT,
    (_m, before: string, secret: string, data: string | undefined) =>
      `${before}${maskSecret(secret)}${data ?? ""}`,
  );
}

export function createLogger(
  config: Pick<AppConfig, "LOG_LEVEL" | "NODE_ENV">,
  options: LoggerOptions = {},
): Logger {
  const level = options.level ?? (config.NODE_ENV === "test" ? "silent" : config.LOG_LEVEL);
  return pino(
    {
      level,
      base: undefined,
      // Personal data and credentials go (censor undefined: the key is left out of the line); a
      // bearer token or a path carrying one stays recognisable but masked (maskSecret, maskSecretPath).
      redact: { paths: [...REMOVED_KEYS, ...MASKED_KEYS, ...MASKED_PATH_KEYS], censor: censorLogValue },
      // A line logged inside a request gets its id, unless the line names one itself.
      mixin: (_context, _level) => {
        const store = requestContext.getStore();
        return store ? { reqId: store.reqId } : {};
      },
    },
    options.stream ?? (level === "silent" ? undefined : bufferedStdout()),
  );
}

export type AccessLog = (reqId: string, method: string, path: string, status: number, ms: number) => void;

/**
 * The access log: one line per request, the very JSON `logger.info({ reqId, method, path,
 * status, ms }, "request")` writes, built by hand and written to the logger's own
 * destination (so it keeps its place among the other lines). pino's general path
 * (redaction, mixin, serialisation of an object) cost a 304 a fifth of its CPU; these
 * fields hold no personal data, and the one redaction they need, a path's access token, is
 * maskSecretPath's (a case-insensitive test that fails fast on every other path).
 */
export function createAccessLog(logger: Logger): AccessLog {
  const stream = (logger as unknown as Record<symbol, pino.DestinationStream>)[pino.symbols.streamSym]!;
  const info = logger.levels.values.info!;
  return (reqId, method, path, status, ms) => {
    if (logger.levelVal > info) return;
    stream.write(
      `{"level":${info},"time":${Date.now()},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(maskSecretPath(path))},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  };
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

/**
 * A serving process's stop: the first SIGTERM or SIGINT runs `stop` (a later one is ignored), and
 * a process still there `limitMs` after it logs `late` and exits with 1, so a hung stop never
 * holds a deploy or a terminal.
 */
export function onStopSignal(
  logger: Logger,
  { limitMs, late }: { limitMs: number; late: string },
  stop: (signal: NodeJS.Signals) => void,
) {
  let stopping = false;
  const once = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stop(signal);
    setTimeout(() => {
      logger.error(late);
      void exitAfterFlush(logger, 1);
    }, limitMs).unref();
  };
  process.on("SIGTERM", () => once("SIGTERM"));
  process.on("SIGINT", () => once("SIGINT"));
}
