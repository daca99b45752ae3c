import { useNonce } from "~/lib/nonce";

/** The source that runs a self-contained `(doc) => void` inline: `(fn)(document);`. */
export function inlineSource(run: (doc: Document) => void) {
  return `(${run.toString()})(document);`;
}

/** An inline script: no request, and the CSP allows it by hash (prerendered) or nonce (runtime). */
export function InlineScript({ source }: { source: string }) {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
