import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";

import { Field, FormAlert } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { readFormPost } from "~/lib/form-post";
import { hydratedRoute } from "~/lib/hydration";

import type { Route } from "./+types/login";
import { LOGIN_PATH, studioMeta } from "./guard";
import { PasskeyError, passkeysUsableHere, signInWithPasskey } from "./passkeys";

export const handle = hydratedRoute;
export const meta: Route.MetaFunction = () => studioMeta("Sign in");

const CODE_STEP = `${LOGIN_PATH}?step=code`;

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.studio?.user) throw redirect("/studio");
  // The code step while the password step's challenge cookie is there; otherwise back to the start.
  const challenged = /(?:^|;\s*)(?:__Secure-)?studio\.two_factor=/.test(request.headers.get("cookie") ?? "");
  const step = new URL(request.url).searchParams.get("step") === "code" && challenged ? "code" : "password";
  return { step, rpId: context.studio?.sessions.rpId ?? "" };
}

// A refused attempt says when the lock ends, as the answer's Retry-After.
export const headers: Route.HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function action({ request, context }: Route.ActionArgs) {
  const studio = context.studio;
  if (!studio) throw new Response("Not found", { status: 404 });
  const form = await readFormPost(request, context);
  const client = { headers: request.headers, clientIp: context.clientIp ?? "unknown" };
  const result =
    form.get("intent") === "code"
      ? await studio.sessions.verifyCode({ code: form.get("code") }, client)
      : await studio.sessions.signIn({ email: form.get("email"), password: form.get("password") }, client);
  if (!result.ok) {
    const headers = result.retryAfterSeconds
      ? { "Retry-After": String(result.retryAfterSeconds) }
      : undefined;
    return data(
      { error: result.error, restart: result.restart ?? false },
      { status: result.status, headers },
    );
  }
  const headers = new Headers();
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  return redirect(result.twoFactor ? CODE_STEP : "/studio", { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const navigate = useNavigate();
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyReady, setPasskeyReady] = useState(false);
  const error = actionData?.error ?? passkeyError;
  const codeRef = useRef<HTMLInputElement>(null);

  // Known only in the browser: rendered after hydration so server and client agree.
  useEffect(() => setPasskeyReady(passkeysUsableHere(loaderData.rpId)), [loaderData.rpId]);
  // A fresh code step moves focus to its field (a refused attempt, to its message: FormAlert).
  useEffect(() => {
    if (loaderData.step === "code") codeRef.current?.focus();
  }, [loaderData.step]);

  async function passkey() {
    setPasskeyError(null);
    setPasskeyBusy(true);
    try {
      await signInWithPasskey();
      await navigate("/studio");
    } catch (e) {
      setPasskeyError(e instanceof PasskeyError ? e.message : "The passkey did not work. Try again.");
    } finally {
      setPasskeyBusy(false);
    }
  }

  // Each answer refocuses its message, even when the words are the same as the last one's.
  const alert = (
    <FormAlert id="sign-in-error" tone="error" focusKey={actionData ?? passkeyError}>
      {error}
    </FormAlert>
  );

  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center gap-6 px-4 py-12"
    >
      <h1 className="text-2xl font-semibold">Studio sign-in</h1>
      {loaderData.step === "code" ? (
        <Form
          method="post"
          className="grid gap-4"
          aria-describedby={error ? "sign-in-error code-hint" : "code-hint"}
        >
          {alert}
          <input type="hidden" name="intent" value="code" />
          <Field
            id="code"
            label="Authentication code"
            hint="Enter the 6-digit code from your authenticator app, or one of your backup codes."
          >
            <Input ref={codeRef} name="code" autoComplete="one-time-code" required maxLength={32} />
          </Field>
          <Button type="submit" disabled={busy}>
            Verify
          </Button>
          <Link to={LOGIN_PATH} className="text-sm text-primary underline-offset-4 hover:underline">
            Start again with your password
          </Link>
        </Form>
      ) : (
        <>
          <Form method="post" className="grid gap-4" aria-describedby={error ? "sign-in-error" : undefined}>
            {alert}
            <input type="hidden" name="intent" value="password" />
            <Field id="email" label="Email">
              <Input name="email" type="email" autoComplete="username webauthn" required maxLength={254} />
            </Field>
            <Field id="password" label="Password">
              <Input
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={256}
              />
            </Field>
            <Button type="submit" disabled={busy}>
              Sign in
            </Button>
          </Form>
          {passkeyReady && (
            <div className="grid gap-3 border-t pt-6">
              <Button type="button" variant="outline" onClick={passkey} disabled={passkeyBusy}>
                Sign in with a passkey
              </Button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
