import { randomUUID } from "node:crypto";

import { privacyNotice } from "~/content/privacy-notice";
import {
  ELAPSED_FIELD,
  emptyInquiryValues,
  HONEYPOT_FIELD,
  inquiryFieldNames,
  inquiryIssues,
  inquirySubmissionSchema,
  MIN_FILL_MS,
  missingRequiredFields,
  parseInquirySource,
  PRIVACY_NOTICE_FIELD,
  type InquiryActionData,
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
import { isCrossSiteRequest } from "../http/origin.server";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from "../http/unavailable.server";
import { insertLead, sourceColumns } from "../leads/insert.server";
import { createLogTag, type Logger } from "../logger.server";
import { enqueue, type OutboxTrigger } from "../outbox/outbox.server";
import { claimAcknowledgement, INQUIRY_EMAIL, inquiryOutboxItems } from "./notifications.server";
import { readSubmission } from "./parse.server";

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

/** Validate, store the lead with its notifications in one transaction (suspected spam in quarantine, unnotified), then trigger delivery. */
export function createInquiryService(deps: InquiryServiceDeps) {
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

  async function submit(raw: unknown, ctx: SubmitContext): Promise<SubmitResult> {
    // Validation first, spam checks after: a person whose autofill filled the honeypot, or who
    // pasted fast, is told about a typo like anyone else (a bot learning the field rules costs nothing).
    const admitted = await admit(raw, ctx.clientIp, now());
    if (!admitted.ok) return admitted.refusal;
    const {
      [HONEYPOT_FIELD]: honeypot,
      [ELAPSED_FIELD]: elapsed,
      [PRIVACY_NOTICE_FIELD]: notice,
      ...inquiry
    } = admitted.data;
    // Suspected spam is kept in quarantine, never dropped: a real lead can look like a bot (docs/product.md#inquiry-form).
    const quarantine = spamReason(honeypot, elapsed);

    const id = randomUUID();
    const t = now();
    const from = ctx.from ?? {};
    // Only the notice this site shows now is recorded; a client that showed none (or a stale one) records none.
    const noticeShown = notice === privacyNotice.version;
    const lead = {
      id,
      first_name: inquiry.firstName,
      last_name: inquiry.lastName,
      email: inquiry.email,
      phone: inquiry.phone ?? null,
      company: inquiry.company ?? null,
      project_type: inquiry.projectType,
      budget: inquiry.budget ?? null,
      timeline: inquiry.timeline ?? null,
      message: inquiry.message,
      source: ctx.source,
      created_at: new Date(t).toISOString(),
      ...sourceColumns(from),
      privacy_notice_version: noticeShown ? privacyNotice.version : null,
      privacy_notice_at: noticeShown ? new Date(t).toISOString() : null,
      quarantine_reason: quarantine ?? null,
    };
    // The analytics goal is written with the lead, in its transaction (it never fails the lead).
    const goal = quarantine
      ? undefined
      : await deps.goals?.prepareGoal?.({
          name: "inquiry",
          leadId: id,
          client: ctx.browser && { ip: ctx.clientIp, ...ctx.browser },
          source: lead,
        });
    await writes.run(async (trx) => {
      await insertLead(trx, lead);
      // A quarantined lead is notified when the studio moves it to the inbox (leads.server.ts), not before.
      if (!quarantine)
        await enqueue(
          trx,
          inquiryOutboxItems(config, id, await claimAcknowledgement(trx, inquiry.email, t)),
          t,
        );
      await goal?.(trx);
    });
    if (quarantine) {
      log.info(
        {
          inquiryId: id,
          client: clientTag(ctx.clientIp),
          reason: quarantine,
          ...(elapsed !== undefined ? { elapsedMs: elapsed } : {}),
        },
        "inquiry quarantined as spam",
      );
      return { kind: "quarantined", id, reason: quarantine };
    }
    log.info(
      { inquiryId: id, source: ctx.source, ref: from.ref, projectType: inquiry.projectType },
      "inquiry stored",
    );
    if (deps.mailConfigured === false) {
      // Development without SMTP: say so, keep the notification queued for when it is set up.
      log.info(
        { inquiryId: id, channel: INQUIRY_EMAIL },
        "SMTP_URL is not set: notification logged and left pending in the outbox (npm run inquiries lists it)",
      );
    }
    deps.outbox?.wake();
    // A recorder that cannot write in a transaction of ours: never rejects, and the lead is stored already.
    if (!deps.goals?.prepareGoal && !quarantine)
      void deps.goals?.recordGoal({
        name: "inquiry",
        leadId: id,
        client: ctx.browser && { ip: ctx.clientIp, ...ctx.browser },
        source: lead,
      });
    return { kind: "accepted", id };
  }

  /**
   * The no-JavaScript path: a form post to the contact page's action. Answers
   * with what the form shows (the same messages), entered values kept on error.
   */
  async function submitForm(
    request: Request,
    clientIp: string,
  ): Promise<{ status: number; data: InquiryActionData }> {
    if (isCrossSiteRequest(request.headers, request.url, config)) {
      return {
        status: 403,
        data: {
          status: "error",
          values: { ...emptyInquiryValues },
          fieldErrors: {},
          detail: CROSS_SITE_MESSAGE,
        },
      };
    }
    const read = await readSubmission(request);
    if (!read.ok)
      return {
        status: read.status,
        data: { status: "error", values: { ...emptyInquiryValues }, fieldErrors: {}, detail: read.error },
      };
    const values = formValues(read.body);
    if (missingRequiredFields(values).length > 0) {
      // The same check the browser makes before sending (docs/product.md#inquiry-form).
      return { status: 400, data: { status: "error", values, fieldErrors: {}, missingRequired: true } };
    }
    let result: SubmitResult;
    try {
      // The form posts to its own page's URL, so the path and query are the page's (docs/product.md#lead-sources).
      const url = new URL(request.url);
      const from = parseInquirySource(new URLSearchParams([...url.searchParams, ["page", url.pathname]]));
      result = await submit(read.body, {
        clientIp,
        source: "form",
        from,
        browser: browserOf(request.headers),
      });
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      // Like the API's 503: the page shows the spec's error with every value kept.
      log.error(
        { error: { name: (err as Error).name, code: (err as { code?: unknown }).code } },
        "database unavailable",
      );
      return {
        status: 503,
        data: { status: "error", values, fieldErrors: {}, detail: SERVICE_UNAVAILABLE_MESSAGE },
      };
    }
    switch (result.kind) {
      case "accepted":
      case "quarantined":
        return { status: 200, data: { status: "success" } };
      case "invalid":
        return {
          status: 400,
          data: { status: "error", values, fieldErrors: result.fieldErrors, detail: result.error },
        };
      case "rate-limited":
        return { status: 429, data: { status: "error", values, fieldErrors: {}, detail: result.error } };
    }
  }

  return { submit, submitForm };
}

export type InquiryService = ReturnType<typeof createInquiryService>;

/** What analytics needs of the sender's browser: its user agent (hashed, never stored) and Global Privacy Control. */
export function browserOf(headers: Headers) {
  return { userAgent: headers.get("user-agent") ?? "", gpc: headers.get("sec-gpc") === "1" };
}

/** Why a valid submission looks like a bot's: the hidden honeypot filled, or sent faster than a person types. */
function spamReason(
  honeypot: string | undefined,
  elapsedMs: number | undefined,
): QuarantineReason | undefined {
  if (honeypot !== undefined && honeypot !== "") return "honeypot";
  if (elapsedMs !== undefined && elapsedMs < MIN_FILL_MS) return "too-fast";
  return undefined;
}

/** The entered values to show again, as text. */
function formValues(body: Record<string, unknown>): InquiryFormValues {
  const values = { ...emptyInquiryValues };
  for (const name of inquiryFieldNames) {
    const v = body[name];
    if (typeof v === "string") values[name] = v;
  }
  return values;
}
