/**
 * Browsers send Origin (and Sec-Fetch-Site) with every POST; another site's
 * page posting to our form gets a 403. Requests without either header come
 * from non-browser clients (curl, monitoring) and are allowed: they carry no
 * visitor's cookies, so there is nothing to forge.
 */
export function isCrossSiteRequest(
  headers: Headers,
  requestUrl: string,
  config: { SITE_URL: string; TRUST_PROXY?: number },
): boolean {
  const origin = headers.get("origin");
  if (origin !== null) {
    if (origin === "null") return true;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return true;
    }
    return !allowedHosts(headers, requestUrl, config).has(host);
  }
  const site = headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}

/** The site's public host, and the host this request was addressed to (which a proxy may forward). */
function allowedHosts(
  headers: Headers,
  requestUrl: string,
  config: { SITE_URL: string; TRUST_PROXY?: number },
) {
  const hosts = new Set<string>([new URL(config.SITE_URL).host]);
  const forwarded = config.TRUST_PROXY ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwarded || headers.get("host") || safeHost(requestUrl);
  if (host) hosts.add(host);
  return hosts;
}

function safeHost(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}
