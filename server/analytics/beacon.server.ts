import { z } from "zod";

import { refProjectTypes } from "~/content/lead-sources";
import { publicRoutes } from "~/lib/route-registry";
import { REF_PATTERN } from "~/schemas/inquiry-source";

/** A beacon's body is a few hundred bytes; anything past this is refused unread (413). */
export const BEACON_MAX_BYTES = 2048;

/** What a page may count: the indexable pages and demos of the route registry (the script skips noindex pages); never /studio, a quote link or a 404. */
const countedPaths = new Set(publicRoutes.filter((r) => r.indexable).map((r) => r.path));

/** A UTM value as lead sources keep it (docs/product.md#lead-sources); one that does not fit is dropped, not the page view. */
const utm = z
  .string()
  .max(500)
  .transform((v) => {
    const trimmed = v.trim();
    return trimmed.length > 0 && trimmed.length <= 100 && /^[^\p{Cc}]*$/u.test(trimmed) ? trimmed : undefined;
  })
  .optional();

/**
 * The inline script's beacon (app/lib/page-enhancements.ts). Strict: a field it never
 * sends (a lead, an amount) makes the beacon refused, so goals that carry money are
 * only ever recorded by the server. The one goal a browser may send is the demo
 * banner's "Get a site like this" click, and only from a demo page.
 */
export const beaconSchema = z
  .strictObject({
    name: z.enum(["pageview", "demo-cta"]),
    path: z
      .string()
      .max(200)
      .refine((p) => countedPaths.has(p), "not a counted page"),
    // The referring page's host only; our own host (a link inside the site) is no referrer.
    referrer: z
      .string()
      .max(253)
      .transform((h) => h.toLowerCase())
      .refine((h) => h === "" || /^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(h), "not a host")
      .optional(),
    utm_source: utm,
    utm_medium: utm,
    utm_campaign: utm,
    // A demo banner's ref (demo-<slug>); an unknown one is dropped.
    ref: z
      .string()
      .max(100)
      .transform((r) => (REF_PATTERN.test(r) && Object.hasOwn(refProjectTypes, r) ? r : undefined))
      .optional(),
  })
  .refine(
    (b) => b.name !== "demo-cta" || b.path.startsWith("/demo/"),
    "a demo's goal comes from a demo page",
  );

export type Beacon = z.output<typeof beaconSchema>;

/** Parses a beacon's text (sendBeacon sends a string as text/plain, so the body is read as text). */
export function parseBeacon(
  text: string,
): { ok: true; beacon: Beacon } | { ok: false; reason: "json" | "shape" } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: "json" };
  }
  const parsed = beaconSchema.safeParse(raw);
  return parsed.success ? { ok: true, beacon: parsed.data } : { ok: false, reason: "shape" };
}
