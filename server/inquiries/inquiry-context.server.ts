import {
  emptyInquiryValues,
  inquiryFieldNames,
  inquiryIssues,
  inquirySubmissionSchema,
  MIN_FILL_MS,
  type InquiryFieldErrors,
  type InquiryFormValues,
  type InquirySource,
} from "~/schemas/inquiry";

import type { GoalRecorder } from "../analytics/service.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { createGroupCommit } from "../db/group-commit.server";
import type { QuarantineReason } from "../db/schema";
import { createFormGate, type FormRefusal } from "../http/form-gate.server";
import { createLogTag, type Logger } from "../logger.server";
import { type OutboxTrigger } from "../outbox/outbox.server";

export const INVALID_MESSAGE = "Please correct the highlighted fields.";
export const CROSS_SITE_MESSAGE = "Cross-site form submissions are not accepted.";

/** `source` is the transport (JSON API or form post); `from` where the visitor came from (docs/product.md#lead-sources). */
export type SubmitContext = {
  clientIp: string;
  source: "api" | "form";
  from?: InquirySource;
  /** The sender's browser, so the analytics goal joins their visit (docs/product.md#analytics). */
  browser?: { userAgent: string; gpc: boolean };
};

export type SubmitResult =
  | { kind: "accepted"; id: string }
  /** Taken for a bot: answered like a success, stored in quarantine, nothing sent. */
  | { kind: "quarantined"; id: string; reason: QuarantineReason }
  | FormRefusal<InquiryFieldErrors>;

export type InquiryServiceDeps = {
  config: Pick<
    AppConfig,
    "WEB3FORMS_ACCESS_KEY" | "RATE_LIMIT_DISABLED" | "SITE_URL" | "TRUST_PROXY" | "LOG_HASH_KEY"
  >;
  database: AppDatabase;
  logger: Logger;
  /** Nudged after an inquiry commits so delivery starts at once. */
  outbox?: OutboxTrigger;
  mailConfigured?: boolean;
  now?: () => number;
  /** Analytics: an inquiry sent is a goal (absent: none recorded). */
  goals?: GoalRecorder;
};

/** What analytics needs of the sender's browser: its user agent (hashed, never stored) and Global Privacy Control. */
export function browserOf(headers: Headers) {
  return { userAgent: headers.get("user-agent") ?? "", gpc: headers.get("sec-gpc") === "1" };
}

/** Why a valid submission looks like a bot's: the hidden honeypot filled, or sent faster than a person types. */
export function spamReason(
  honeypot: string | undefined,
  elapsedMs: number | undefined,
): QuarantineReason | undefined {
  if (honeypot !== undefined && honeypot !== "") return "honeypot";
  if (elapsedMs !== undefined && elapsedMs < MIN_FILL_MS) return "too-fast";
  return undefined;
}

/** The entered values to show again, as text. */
export function formValues(body: Record<string, unknown>): InquiryFormValues {
  const values = { ...emptyInquiryValues };
  for (const name of inquiryFieldNames) {
    const v = body[name];
    if (typeof v === "string") values[name] = v;
  }
  return values;
}

/** What an inquiry's submission works with: the deps, the clock, the admission gate and the log. */
export function inquiryContext(deps: InquiryServiceDeps) {
  const { config, database, logger } = deps;
  const now = deps.now ?? Date.now;
  // The public write that comes in bursts: on SQLite, inquiries arriving together share a commit.
  const writes = createGroupCommit(database);
  const log = logger.child({ component: "inquiries" });
  const admit = createFormGate(database, {
    bucket: "inquiries",
    form: "inquiry",
    config,
    log,
    schema: inquirySubmissionSchema,
    issues: inquiryIssues,
    invalidMessage: INVALID_MESSAGE,
  });
  // Spam lines name the client by a keyed hash of its address, never the address.
  const clientTag = createLogTag(config.LOG_HASH_KEY);
  return { deps, config, database, logger, now, writes, log, admit, clientTag };
}

export type InquiryContext = ReturnType<typeof inquiryContext>;
