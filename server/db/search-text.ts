/**
 * The text the studio's search matches, folded the same way on every database:
 * decomposed (NFD), combining marks removed, lower case. So "café", "CAFE" and
 * "cafe" are one word on SQLite (whose FTS5 folds with `remove_diacritics 2`)
 * and on PostgreSQL (whose index reads the stored `leads.search_text`).
 */
export function foldForSearch(text: string) {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The stored `search_text` of a lead: its searchable columns (those of migration 0008's SEARCH_TEXT), folded. */
export function leadSearchText(lead: {
  first_name: string;
  last_name: string;
  email: string;
  company?: string | null;
  message: string;
}) {
  return foldForSearch(
    [lead.first_name, lead.last_name, lead.email, lead.company ?? "", lead.message].join(" "),
  );
}
