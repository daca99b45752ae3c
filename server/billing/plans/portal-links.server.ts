import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The link a care plan email carries into Stripe's customer portal: our path with the
 * subscription's id and an HMAC of it (key derived from the root secret). Stripe's own portal
 * sessions last minutes, so the link opens a fresh one each time it is followed; it grants what
 * the inbox it reached already holds (the plan's billing), and is never logged whole.
 */
export const PORTAL_LINK_PATH = "/api/care-plans/billing";

export function portalToken(key: Buffer, subscriptionId: string) {
  const mac = createHmac("sha256", key).update(`care-plan-portal:${subscriptionId}`).digest("base64url");
  return `${subscriptionId}.${mac}`;
}

/** The subscription a token names, or null when it was not made with this key. */
export function verifyPortalToken(key: Buffer, token: string): string | null {
  if (token.length > 200) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const expected = Buffer.from(portalToken(key, id));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

export const portalUrl = (siteUrl: string, key: Buffer, subscriptionId: string) =>
  `${siteUrl}${PORTAL_LINK_PATH}/${portalToken(key, subscriptionId)}`;
