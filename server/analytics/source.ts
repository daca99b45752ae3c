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

/** Sites known by another name than their address, by the address's name part (google.ca → "google"). */
export const KNOWN_SITES: Record<string, string> = {
  google: "Google",
  bing: "Bing",
  duckduckgo: "DuckDuckGo",
  yahoo: "Yahoo",
  ecosia: "Ecosia",
  facebook: "Facebook",
  fb: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  lnkd: "LinkedIn",
  t: "X (Twitter)",
  twitter: "X (Twitter)",
  x: "X (Twitter)",
  reddit: "Reddit",
  youtube: "YouTube",
  github: "GitHub",
  chatgpt: "ChatGPT",
};
/** Second-level parts that are not a site's name (example.co.uk → "example"). */
const GENERIC = new Set(["co", "com", "org", "net", "gov", "ac", "edu"]);

/**
 * The site a source names, so one site is one row (google, google.com, www.google.ca → "Google"):
 * a known site's name, else the address without "www." or "m.", as typed. Campaign names
 * without a dot are matched by name too; "direct" stays.
 */
export function siteOf(source: string): string {
  const typed = source.trim().replace(/^(www|m|l|lm)\./i, "");
  const parts = typed.toLowerCase().split(".");
  const name =
    parts.length < 2
      ? parts[0]!
      : parts.length > 2 && GENERIC.has(parts.at(-2)!)
        ? parts.at(-3)!
        : parts.at(-2)!;
  // A known name wins only for an address of that site (google.com, google.co.uk) or the bare name
  // (utm_source=google); anything else stays as it came (the CSV export neutralises formulas in it).
  return KNOWN_SITES[name] ?? (parts.length < 2 ? source.trim() : typed);
}
