const SLASH = 0x2f;
const BACKSLASH = 0x5c;

/**
 * Where a GET for a path with a trailing slash is sent: "/about/" → "/about".
 * Leading slashes collapse into one, so the Location is always a path on this
 * site: "//evil.com" would be read by a browser as another host. Loops rather
 * than /\/+$/, which backtracks quadratically on a long run of slashes.
 * Returns undefined when the path has no trailing slash (nothing to redirect).
 */
export function withoutTrailingSlash(pathname: string): string | undefined {
  let end = pathname.length;
  if (end <= 1 || pathname.charCodeAt(end - 1) !== SLASH) return undefined;
  while (end > 0 && pathname.charCodeAt(end - 1) === SLASH) end--;
  let start = 0;
  while (start < end && isSlash(pathname.charCodeAt(start))) start++;
  return `/${pathname.slice(start, end)}`;
}

// The URL parser turns "\" into "/" in http paths; counted too, in case a path arrives unparsed.
const isSlash = (code: number) => code === SLASH || code === BACKSLASH;
