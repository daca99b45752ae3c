import type { z } from "zod";

import { siteConfig } from "~/content/site";

import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { createLogTag, type Logger } from "../logger.server";
import { createRateLimiter } from "./rate-limit.server";

/** How often one client may send a public form (the inquiry, a booking), each form counted apart. */
export const PUBLIC_FORM_RATE_LIMITS = [
  { windowMs: 60_000, max: 5 },
  { windowMs: 60 * 60_000, max: 20 },
];

export const rateLimitedMessage = (retryAfterSeconds: number) =>
  `Too many inquiries from your network. Please try again in ${retryAfterSeconds < 120 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`}, or email us directly at ${siteConfig.email}.`;

/** What a public form answers before its own checks: over the limit, or not what the schema accepts. */
export type FormRefusal<FieldErrors> =
  | { kind: "rate-limited"; error: string; retryAfterSeconds: number }
  | { kind: "invalid"; error: string; fieldErrors: FieldErrors };

export type FormGateOptions<S extends z.ZodType, FieldErrors> = {
  /** The limiter's bucket, and the form's name in the log line ("inquiry rate limit reached"). */
  bucket: string;
  form: string;
  config: Pick<AppConfig, "RATE_LIMIT_DISABLED" | "LOG_HASH_KEY">;
  log: Logger;
  schema: S;
  issues: (error: z.ZodError) => { fieldErrors: FieldErrors; formErrors: string[] };
  /** The error when no problem is the form's own (the fields say theirs). */
  invalidMessage: string;
};

/**
 * The first steps of a public form's submission, shared by the inquiry and the booking: the
 * client's rate limit, counted before the body is read, then the schema. Either the refusal
 * to answer as it is, or the parsed submission for the form's own checks.
 */
export function createFormGate<S extends z.ZodType, FieldErrors>(
  database: AppDatabase,
  options: FormGateOptions<S, FieldErrors>,
) {
  const { config, log, schema } = options;
  const limiter = createRateLimiter(database, options.bucket, PUBLIC_FORM_RATE_LIMITS);
  // The log line names the client by a keyed hash of its address, never the address.
  const clientTag = createLogTag(config.LOG_HASH_KEY);

  return async function admit(
    raw: unknown,
    clientIp: string,
    at: number,
  ): Promise<{ ok: true; data: z.output<S> } | { ok: false; refusal: FormRefusal<FieldErrors> }> {
    if (!config.RATE_LIMIT_DISABLED) {
      const decision = await limiter.hit(clientIp, at);
      if (!decision.allowed) {
        log.warn({ client: clientTag(clientIp) }, `${options.form} rate limit reached`);
        return {
          ok: false,
          refusal: {
            kind: "rate-limited",
            retryAfterSeconds: decision.retryAfterSeconds,
            error: rateLimitedMessage(decision.retryAfterSeconds),
          },
        };
      }
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const { fieldErrors, formErrors } = options.issues(parsed.error);
      return {
        ok: false,
        refusal: { kind: "invalid", error: formErrors[0] ?? options.invalidMessage, fieldErrors },
      };
    }
    return { ok: true, data: parsed.data };
  };
}
