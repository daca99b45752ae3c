import type { Insertable } from "kysely";

import type { InquirySource } from "~/schemas/inquiry";

import type { Executor } from "../db/database.server";
import type { LeadTable } from "../db/schema";
import { leadSearchText } from "../db/search-text";

/**
 * A new lead's source columns (docs/product.md#lead-sources): where the visitor came from, as
 * the form's query said it, null for what it did not say (`page`: the form's own page then).
 */
export function sourceColumns(from: InquirySource, page: string | null = null) {
  return {
    page: from.page ?? page,
    ref: from.ref ?? null,
    utm_source: from.utm_source ?? null,
    utm_medium: from.utm_medium ?? null,
    utm_campaign: from.utm_campaign ?? null,
    utm_term: from.utm_term ?? null,
    utm_content: from.utm_content ?? null,
  };
}

/** Stores a new lead (from the inquiry form or a booking) with the folded text the studio's search reads. */
export async function insertLead(trx: Executor, lead: Omit<Insertable<LeadTable>, "search_text">) {
  await trx
    .insertInto("leads")
    .values({ ...lead, search_text: leadSearchText(lead) })
    .execute();
}
