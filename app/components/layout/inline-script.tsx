import { useNonce } from "~/lib/nonce";

/** The source that runs a self-contained `(doc, data?) => void` inline: `(fn)(document, data);`, data as JSON. */
export function inlineSource<T>(run: (doc: Document, data: T) => void, ...data: [T] | []) {
  return `(${run.toString()})(document${data.length ? `, ${JSON.stringify(data[0])}` : ""});`;
}

/** An inline script: no request, and the CSP allows it by hash (prerendered) or nonce (runtime). */
export function InlineScript({ source }: { source: string }) {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
