import type { Migration } from "kysely";

import * as rateLimits from "./0001-rate-limits";
import * as inquiries from "./0002-inquiries";
import * as payments from "./0003-payments";
import * as paymentChecks from "./0004-payment-checks";
import * as studio from "./0005-studio";
import * as quotes from "./0006-quotes";
import * as studioTwoFactor from "./0007-studio-2fa";
import * as leadSources from "./0008-lead-sources";
import * as quoteActivity from "./0009-quote-activity";
import * as oneCreatedAtIndex from "./0010-one-created-at-index";
import * as quoteCheckouts from "./0011-quote-checkouts";
import * as leadTrust from "./0012-lead-trust";
import * as jobLeases from "./0013-job-leases";
import * as openActivityKinds from "./0014-open-activity-kinds";
import * as bookings from "./0015-bookings";
import * as analytics from "./0016-analytics";
import * as invoices from "./0017-invoices";
import * as agreements from "./0018-agreements";
import * as reminderOptOuts from "./0019-reminder-opt-outs";
import * as analyticsDashboard from "./0023-analytics-dashboard";
import * as refunds from "./0024-refunds";
import * as analyticsRollupMarks from "./0025-analytics-rollup-marks";
import * as refundProviderStatus from "./0026-refund-provider-status";
import * as leads from "./0027-leads";
import * as oneRefundModel from "./0028-one-refund-model";
import * as bookingIdentity from "./0029-booking-identity";
import * as calendarSources from "./0030-calendar-sources";
import * as signatureFacts from "./0031-signature-facts";
import * as clientPortal from "./0032-client-portal";
import * as savedReplies from "./0033-saved-replies";
import * as quoteScope from "./0034-quote-scope";
import * as catalogueSettings from "./0035-catalogue-settings";
import * as contracts from "./0036-contracts";
import * as carePlans from "./0037-care-plans";
import * as renewalDocuments from "./0038-renewal-documents";
import * as planHoursAndQuotePlans from "./0039-plan-hours-and-quote-plans";
import * as sandboxPlans from "./0040-sandbox-plans";
import * as quoteSendNote from "./0041-quote-send-note";
import * as signedVia from "./0042-signed-via";
import * as documentPstNumber from "./0043-document-pst-number";

/**
 * Versioned migrations, applied in key order at start-up on SQLite and
 * PostgreSQL alike. Listed statically so the server needs no file scanning.
 */
export const migrations: Record<string, Migration> = {
  "0001-rate-limits": rateLimits,
  "0002-inquiries": inquiries,
  "0003-payments": payments,
  "0004-payment-checks": paymentChecks,
  "0005-studio": studio,
  "0006-quotes": quotes,
  "0007-studio-2fa": studioTwoFactor,
  "0008-lead-sources": leadSources,
  "0009-quote-activity": quoteActivity,
  "0010-one-created-at-index": oneCreatedAtIndex,
  "0011-quote-checkouts": quoteCheckouts,
  "0012-lead-trust": leadTrust,
  "0013-job-leases": jobLeases,
  "0014-open-activity-kinds": openActivityKinds,
  "0015-bookings": bookings,
  "0016-analytics": analytics,
  "0017-invoices": invoices,
  "0018-agreements": agreements,
  "0019-reminder-opt-outs": reminderOptOuts,
  "0023-analytics-dashboard": analyticsDashboard,
  "0024-refunds": refunds,
  "0025-analytics-rollup-marks": analyticsRollupMarks,
  "0026-refund-provider-status": refundProviderStatus,
  "0027-leads": leads,
  "0028-one-refund-model": oneRefundModel,
  "0029-booking-identity": bookingIdentity,
  "0030-calendar-sources": calendarSources,
  "0031-signature-facts": signatureFacts,
  "0032-client-portal": clientPortal,
  "0033-saved-replies": savedReplies,
  "0034-quote-scope": quoteScope,
  "0035-catalogue-settings": catalogueSettings,
  "0036-contracts": contracts,
  "0037-care-plans": carePlans,
  "0038-renewal-documents": renewalDocuments,
  "0039-plan-hours-and-quote-plans": planHoursAndQuotePlans,
  "0040-sandbox-plans": sandboxPlans,
  "0041-quote-send-note": quoteSendNote,
  "0042-signed-via": signedVia,
  "0043-document-pst-number": documentPstNumber,
};
