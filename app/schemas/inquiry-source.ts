/**
 * Where an inquiry came from (docs/product.md#lead-sources), without zod: the contact
 * form needs only the names. The visitor's URL query carries `ref` (e.g. `demo-bakery`
 * from a demo banner) and UTM parameters; the form sends them in the query of its own
 * post (the no-JavaScript post goes to the page's own URL, query included; the island
 * adds them to the API's URL with the page's path), and the server validates them
 * (./inquiry.ts, inquirySourceSchema).
 */
export const SOURCE_PARAMS = ["ref", "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
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

/** The ref of a demo site's "Get a site like this" link. */
export const demoRef = (slug: string) => `demo-${slug}`;
