import { data } from "react-router";

import { QuoteScreen } from "~/routes/quote";

import type { Route } from "./+types/quote-preview";
import { requireStudio, studioMeta } from "./guard";

export const meta: Route.MetaFunction = ({ data }) =>
  studioMeta(data ? `Preview of quote ${data.quote.reference}` : "Preview");

/**
 * "Preview as the client" of a draft (issue 38): the client's page for this quote, rendered by
 * the client's own component in the client's chrome, as it will read once sent. Read only: it
 * has no action (a post here is refused), it never marks the quote viewed or records anything,
 * and its buttons are off. Static HTML like the client's page (no hydration, no page script).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { quotes, carePlans } = requireStudio(context);
  const quote = await quotes.preview(params.id, params.quoteId);
  if (!quote) throw data("Only a draft of this lead can be previewed.", { status: 404 });
  // The quote's care plan line, as the client's page will show it once sent.
  const carePlan = await carePlans.quotePlans.ofQuotePreview(params.quoteId);
  return { quote, carePlan, backTo: `/studio/leads/${params.id}#quote-${params.quoteId}` };
}

export default function QuotePreview({ loaderData, params }: Route.ComponentProps) {
  return (
    <QuoteScreen
      quote={loaderData.quote}
      state=""
      actionData={undefined}
      token={params.quoteId}
      carePlan={loaderData.carePlan}
      preview={{ backTo: loaderData.backTo }}
    />
  );
}
