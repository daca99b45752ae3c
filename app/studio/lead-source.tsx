import { formatTime } from "./guard";
import { alignedTerms, Details, Section } from "./ui";

/** A lead's origin columns (docs/product.md#lead-sources). */
type SourceFields = {
  page: string | null;
  ref: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
};

/** The inbox's Source cell: the ref, else the page; the UTM campaign under it. */
export function LeadSourceSummary({ lead }: { lead: SourceFields }) {
  const origin = lead.ref ?? lead.page;
  if (!origin && !lead.utm_campaign) return <>—</>;
  return (
    <>
      {origin ?? "—"}
      {lead.utm_campaign && (
        <span className="block text-xs text-muted-foreground">Campaign: {lead.utm_campaign}</span>
      )}
    </>
  );
}

/** The lead page's Source section: where the inquiry was sent from, and the privacy notice it was sent under. */
export function LeadSource({
  lead,
}: {
  lead: SourceFields & { privacy_notice_version: string | null; privacy_notice_at: string | null };
}) {
  const rows: [string, string | null | undefined][] = [
    ["Page", lead.page],
    ["Ref", lead.ref],
    ["UTM source", lead.utm_source],
    ["UTM medium", lead.utm_medium],
    ["UTM campaign", lead.utm_campaign],
    ["UTM term", lead.utm_term],
    ["UTM content", lead.utm_content],
    [
      "Privacy notice",
      lead.privacy_notice_version
        ? `Version ${lead.privacy_notice_version}, accepted ${formatTime(lead.privacy_notice_at)}`
        : "Not recorded",
    ],
  ];
  return (
    <Section id="source" title="Source">
      <Details rows={rows} className={alignedTerms} />
    </Section>
  );
}
