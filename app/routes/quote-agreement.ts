import type { Route } from "./+types/quote-agreement";

/**
 * GET /quote/:token/agreement.pdf: the signed agreement of the client's quote,
 * built from the stored agreement (what was signed, not the quote as it is now).
 * The token is the only key, as for the page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const quotes = context.services?.quotes;
  if (!quotes) throw new Response("Quotes are not available here.", { status: 503 });
  const file = await quotes.agreementDocument(params.token);
  if (!file)
    throw new Response("No signed agreement for this quote.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "same-origin",
    },
  });
}
