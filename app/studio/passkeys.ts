/**
 * The browser's half of the passkey ceremonies; the server's half is
 * server/auth/session.server.ts (passkeyCeremony). @simplewebauthn/browser is
 * imported on use, so it is a chunk of the studio's own and never of a public page.
 */
const BASE = "/api/studio/auth/passkey";

export class PasskeyError extends Error {}

async function call(path: string, body?: unknown) {
  const response = await fetch(`${BASE}/${path}`, {
    method: body === undefined ? "GET" : "POST",
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
  if (!response.ok) throw new PasskeyError(json.error ?? "The passkey did not work. Try again.");
  return json;
}

/** What the browser said, in words for the person at it (a cancelled prompt is the common case). */
function explain(error: unknown): never {
  if (error instanceof PasskeyError) throw error;
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    throw new PasskeyError("The passkey prompt was closed or timed out. Try again.");
  if (name === "InvalidStateError")
    throw new PasskeyError("This device already holds a passkey for this account.");
  throw new PasskeyError("This browser could not use a passkey here.");
}

export async function signInWithPasskey() {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const options = await call("generate-authenticate-options");
  const response = await startAuthentication({ optionsJSON: options as never }).catch(explain);
  await call("verify-authentication", { response });
}

export async function registerPasskey(name: string) {
  const { startRegistration } = await import("@simplewebauthn/browser");
  const options = await call("generate-register-options");
  const response = await startRegistration({ optionsJSON: options as never }).catch(explain);
  await call("verify-registration", { response, name: name || "Passkey" });
}

/** Whether this page can run a ceremony for the studio's relying party: WebAuthn present, and opened on that host. */
export function passkeysUsableHere(rpId: string) {
  return (
    typeof window !== "undefined" && "PublicKeyCredential" in window && window.location.hostname === rpId
  );
}
