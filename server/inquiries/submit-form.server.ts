import {
  emptyInquiryValues,
  missingRequiredFields,
  parseInquirySource,
  type InquiryActionData,
} from "~/schemas/inquiry";

import { isCrossSiteRequest } from "../http/origin.server";
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from "../http/unavailable.server";
import {
  browserOf,
  CROSS_SITE_MESSAGE,
  formValues,
  type InquiryContext,
  type SubmitResult,
} from "./inquiry-context.server";
import { readSubmission } from "./parse.server";
import { submit } from "./submit.server";

/**
 * The no-JavaScript path: a form post to the contact page's action. Answers
 * with what the form shows (the same messages), entered values kept on error.
 */
export async function submitForm(
  ctx: InquiryContext,
  request: Request,
  clientIp: string,
): Promise<{ status: number; data: InquiryActionData }> {
  const { config, log } = ctx;
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
    result = await submit(ctx, read.body, {
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
