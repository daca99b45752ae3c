/**
 * The source a visit or a goal is counted under in the funnel: a campaign's utm_source,
 * else a demo banner's ref, else the referring host, else "direct". Goals carry the
 * lead's recorded source (its UTM values and ref), so a visit and the money it turned
 * into land under the same name.
 */
export function sourceOf(e: {
  utm_source: string | null;
  demo_ref: string | null;
  referrer_host: string | null;
}): string {
  return e.utm_source ?? e.demo_ref ?? e.referrer_host ?? "direct";
}
