import { formatCad } from "~/lib/money";
import { formatSiteDate } from "~/lib/site-time";

import type { Route } from "./+types/documents";
import { portalMeta, requireClient } from "./guard";

export const meta: Route.MetaFunction = () => portalMeta("Documents");

export async function loader({ context }: Route.LoaderArgs) {
  const { view, client } = requireClient(context);
  return { documents: await view.documents(client) };
}

/** Every agreement, invoice, receipt and credit note issued to the client, newest first, each a PDF. */
export default function PortalDocuments({ loaderData }: Route.ComponentProps) {
  const { documents } = loaderData;
  return (
    <div className="grid gap-4">
      <h1 className="font-heading text-2xl font-bold">Documents</h1>
      {documents.length === 0 ? (
        <p>No documents yet: your agreement, invoices and receipts appear here once issued.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Documents, newest first">
          {documents.map((d) => (
            <li
              key={d.key}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md border bg-card p-3"
            >
              <span className="grid">
                <span className="font-semibold">{d.title}</span>
                <span className="text-sm text-muted-foreground">
                  {formatSiteDate(d.issuedAt)}
                  {d.amountCents !== null && ` · ${formatCad(d.amountCents)}`}
                  {d.status === "void" && " · void"}
                </span>
              </span>
              <a
                className="inline-flex min-h-10 items-center text-sm font-semibold underline underline-offset-4"
                href={d.href}
                download
              >
                Download PDF<span className="sr-only"> of {d.title}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
