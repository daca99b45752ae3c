/**
 * Where an inquiry came from (docs/product.md#lead-sources), without zod: the contact
 * form needs only the names. The visitor's URL query carries `ref` (e.g. `demo-bakery`
 * from a demo banner) and UTM parameters; the form sends them in the query of its own
 * post (the no-JavaScript post goes to the page's own URL, query included; the island
 * adds them to the API's URL with the page's path), and the server validates them
 * (./inquiry.ts, inquirySourceSchema).
 */
export const SOURCE_PARAMS = [
  "ref",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
export type SourceParam = (typeof SOURCE_PARAMS)[number];

/** The query naming a form's page and the source parameters of its URL, e.g. `?page=%2Fcontact&ref=demo-bakery`. */
export function sourceQuery(location: { pathname: string; search: string }) {
  const from = new URLSearchParams(location.search);
  const query = new URLSearchParams({ page: location.pathname });
  for (const name of SOURCE_PARAMS) {
    const value = from.get(name);
    if (value) query.set(name, value);
  }
  return `?${query}`;
}

/** A ref names a campaign or a demo: a short lower-case slug. */
export const REF_PATTERN = /^[a-z0-9-]{1,40}$/;

/**
 * Inlined after the contact form (routes/contact.tsx) and run as the page is parsed, before
 * its first paint and before anyone can type: picks the project type for the URL's ref while
 * the select still shows its placeholder. React's hydration keeps a select's chosen option.
 * Self-contained: it is serialised with Function#toString.
 */
export function preselectProjectType(doc: Document, types: Record<string, string>) {
  const ref = new URLSearchParams(doc.defaultView?.location.search ?? "").get("ref");
  const type = ref && Object.hasOwn(types, ref) ? types[ref] : undefined;
  const select = doc.querySelector<HTMLSelectElement>(
    '[data-island="inquiry-form"] select[name="projectType"]',
  );
  if (type && select && select.value === "") select.value = type;
}
