import { randomUUID } from "node:crypto";

import { privacyNotice } from "~/content/privacy-notice";
import { ELAPSED_FIELD, HONEYPOT_FIELD, PRIVACY_NOTICE_FIELD } from "~/schemas/inquiry";

import { insertLead, sourceColumns } from "../leads/insert.server";
import { enqueue } from "../outbox/outbox.server";
import {
  spamReason,
  type InquiryContext,
  type SubmitContext,
  type SubmitResult,
} from "./inquiry-context.server";
import { claimAcknowledgement, INQUIRY_EMAIL, inquiryOutboxItems } from "./notifications.server";

export async function submit(
  ctx: InquiryContext,
  raw: unknown,
  request: SubmitContext,
): Promise<SubmitResult> {
  const { admit, now, deps, writes, config, log, clientTag } = ctx;
  // Validation first, spam checks after: a person whose autofill filled the honeypot, or who
  // pasted fast, is told about a typo like anyone else (a bot learning the field rules costs nothing).
  const admitted = await admit(raw, request.clientIp, now());
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
  const from = request.from ?? {};
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
    source: request.source,
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
        client: request.browser && { ip: request.clientIp, ...request.browser },
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
        client: clientTag(request.clientIp),
        reason: quarantine,
        ...(elapsed !== undefined ? { elapsedMs: elapsed } : {}),
      },
      "inquiry quarantined as spam",
    );
    return { kind: "quarantined", id, reason: quarantine };
  }
  log.info(
    { inquiryId: id, source: request.source, ref: from.ref, projectType: inquiry.projectType },
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
      client: request.browser && { ip: request.clientIp, ...request.browser },
      source: lead,
    });
  return { kind: "accepted", id };
}
