/**
 * Telling "the database is down or busy" apart from a bug. Such an error is
 * answered 503 (try again shortly) with a plain message, never 500 with detail.
 */
export const SERVICE_UNAVAILABLE_MESSAGE =
  "The service is temporarily unavailable. Please try again in a moment.";

/** Connection-level error codes of node, pg and SQLite that mean "not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_CANTOPEN",
  "SQLITE_FULL",
  "SQLITE_IOERR",
  "SQLITE_READONLY",
]);

/** PostgreSQL SQLSTATE classes: 08 connection exception, 53 insufficient resources, 57 operator intervention (shutdown, restart). */
const UNAVAILABLE_SQLSTATE = /^(08|53|57)/;

const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (is )?not open/i,
  /driver has already been destroyed/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Client has encountered a connection error/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== "object") return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      if (UNAVAILABLE_CODES.has(code) || code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_IOERR"))
        return true;
      if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.test(code)) return true;
    }
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
  }
  return false;
}
