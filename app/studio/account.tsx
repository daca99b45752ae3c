import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation, useRevalidator } from "react-router";

import { Field, FormAlert } from "~/components/form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { readFormPost } from "~/lib/form-post";
import { hydratedRoute } from "~/lib/hydration";

import type { Route } from "./+types/account";
import { formatTime, requireStudio, studioMeta } from "./guard";
import { PasskeyError, passkeysUsableHere, registerPasskey } from "./passkeys";
import { Section } from "./ui";

export const handle = hydratedRoute;
export const meta: Route.MetaFunction = () => studioMeta("Account");

export async function loader({ context, request }: Route.LoaderArgs) {
  const studio = requireStudio(context);
  return {
    passwordChanged: new URL(request.url).searchParams.get("password") === "changed",
    email: studio.user.email,
    passkeys: await studio.security.passkeys(request.headers),
    twoFactor: await studio.security.twoFactorEnabled(studio.user),
    canChangePasskeys: await studio.security.canChangePasskeys(request.headers),
    rpId: studio.sessions.rpId,
  };
}

type Setup = { totpURI: string; qrCode: string; secret: string; backupCodes: string[] };

export async function action({ context, request }: Route.ActionArgs) {
  const studio = requireStudio(context);
  const form = Object.fromEntries(await readFormPost(request, context));
  const who = { headers: request.headers, clientIp: context.clientIp ?? "unknown", user: studio.user };
  const intent = String(form.intent ?? "");
  const actions = {
    "change-password": studio.security.changePassword,
    "confirm-password": studio.security.confirmPassword,
    "remove-passkey": studio.security.removePasskey,
    "start-two-factor": studio.security.startTwoFactor,
    "confirm-two-factor": studio.security.confirmTwoFactor,
    "disable-two-factor": studio.security.disableTwoFactor,
  } as const;
  const run = actions[intent as keyof typeof actions];
  if (!run)
    return data(
      { intent, error: "Unknown action.", setup: null as Setup | null, field: null },
      { status: 400 },
    );
  const result = await run(form, who);
  if (!result.ok) {
    // A refusal of "Change password" names its field, shown beside it.
    const field = "field" in result && typeof result.field === "string" ? result.field : null;
    return data(
      { intent, error: result.error, setup: null as Setup | null, field },
      { status: result.status },
    );
  }
  const headers = new Headers();
  // Turning two-factor on or off starts a new session: its cookie goes back with the answer.
  for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
  // A new password ends every session, this one too: the page is loaded again with the new one's cookie.
  if (intent === "change-password") return redirect("/studio/account?password=changed#password", { headers });
  const setup: Setup | null = "totpURI" in result ? (result as Setup & typeof result) : null;
  return data(
    {
      intent,
      error: null,
      field: null,
      setup: setup && {
        totpURI: setup.totpURI,
        qrCode: setup.qrCode,
        secret: setup.secret,
        backupCodes: setup.backupCodes,
      },
    },
    { headers },
  );
}

/** A change to two-factor, which asks for the account's password first. */
function PasswordForm({
  intent,
  error,
  busy,
  variant,
  children,
}: {
  intent: string;
  error: string | null | undefined;
  busy: boolean;
  variant?: "outline";
  children: string;
}) {
  return (
    <Form
      method="post"
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      aria-describedby={error ? `${intent}-error` : undefined}
    >
      <FormAlert tone="error" id={`${intent}-error`}>
        {error}
      </FormAlert>
      <input type="hidden" name="intent" value={intent} />
      <Field id={`${intent}-password`} label="Password" className="sm:col-start-1">
        <Input name="password" type="password" autoComplete="current-password" required maxLength={256} />
      </Field>
      <Button type="submit" variant={variant} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

/**
 * "Change password" (issue 38): better-auth's changePassword behind the account's attempt limit;
 * a refusal is shown beside its field and changes nothing. Each change is emailed and recorded
 * in the settings history.
 */
function ChangePassword({
  result,
  changed,
  busy,
  email,
}: {
  result: { error: string | null; field?: string | null } | undefined;
  /** Back from a change (the redirect after it): say so. */
  changed: boolean;
  busy: boolean;
  email: string;
}) {
  const err = (field: string) => (result?.field === field ? (result.error ?? undefined) : undefined);
  const general = result?.error && !result.field ? result.error : null;
  return (
    <Section id="password" title="Password">
      <Form method="post" className="grid max-w-md gap-3">
        <input type="hidden" name="intent" value="change-password" />
        {/* The account's email, for password managers to file the new password under. */}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <Field id="currentPassword" label="Current password" error={err("currentPassword")}>
          <Input
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            maxLength={256}
          />
        </Field>
        <Field
          id="newPassword"
          label="New password"
          hint="At least 12 characters; a phrase of several unrelated words is best."
          error={err("newPassword")}
        >
          <Input name="newPassword" type="password" autoComplete="new-password" required maxLength={256} />
        </Field>
        <Field id="confirmPassword" label="New password again" error={err("confirmPassword")}>
          <Input
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
          />
        </Field>
        <FormAlert tone="error" focusKey={result}>
          {general}
        </FormAlert>
        <p role="status" className="text-sm">
          {changed && !result ? "Password changed. Your other sessions are signed out." : ""}
        </p>
        <Button type="submit" disabled={busy} className="justify-self-start">
          Change password
        </Button>
      </Form>
    </Section>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { passkeys, twoFactor, rpId, canChangePasskeys } = loaderData;
  const busy = useNavigation().state === "submitting";
  const revalidator = useRevalidator();
  const confirm = useFetcher<typeof action>();
  const [passkeyName, setPasskeyName] = useState("");
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [passkeyStatus, setPasskeyStatus] = useState("");
  const [usable, setUsable] = useState<boolean | null>(null);
  const errorFor = (intent: string) => (actionData?.intent === intent ? actionData.error : null);
  // The setup (secret and backup codes) lives only in this answer: shown once, until two-factor is on.
  const setup = !twoFactor && actionData?.intent === "start-two-factor" ? actionData.setup : undefined;

  useEffect(() => setUsable(passkeysUsableHere(rpId)), [rpId]);

  async function addPasskey() {
    setPasskeyError(null);
    setPasskeyStatus("Follow your browser's prompt…");
    try {
      await registerPasskey(passkeyName.trim());
      setPasskeyName("");
      setPasskeyStatus("Passkey added.");
      await revalidator.revalidate();
    } catch (e) {
      setPasskeyStatus("");
      setPasskeyError(e instanceof PasskeyError ? e.message : "The passkey could not be added. Try again.");
      // The confirmation may have run out: the page asks for the password again.
      await revalidator.revalidate();
    }
  }

  return (
    <div className="grid max-w-2xl gap-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold">Account</h1>
        <p className="text-sm text-muted-foreground">
          Signed in as {loaderData.email}. Your password and the other ways to sign in.
        </p>
        <p className="text-sm">
          <Link to="/studio/settings" className="text-primary underline underline-offset-4">
            Studio settings
          </Link>
          : quote defaults, the catalogue, the service agreement and the history of changes.
        </p>
      </div>

      <ChangePassword
        result={actionData?.intent === "change-password" ? actionData : undefined}
        changed={loaderData.passwordChanged}
        busy={busy}
        email={loaderData.email}
      />

      <Section id="passkeys" title="Passkeys">
        <p className="text-sm">
          A passkey signs you in with this device's screen lock or a security key, without your password or a
          code.
        </p>
        {canChangePasskeys && (
          <p className="text-sm text-muted-foreground">
            Password confirmed: you can add or remove passkeys for the next few minutes.
          </p>
        )}
        {passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No passkeys yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Your passkeys">
            {passkeys.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border px-3 py-2"
              >
                <div className="grid text-sm">
                  <span className="font-semibold">{p.name || "Passkey"}</span>
                  <span className="text-muted-foreground">
                    Added {formatTime(p.createdAt)}
                    {p.backedUp ? " · synced" : ""}
                  </span>
                </div>
                {canChangePasskeys && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-passkey" />
                    <input type="hidden" name="id" value={p.id} />
                    <Button
                      type="submit"
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      aria-label={`Remove ${p.name || "passkey"}`}
                    >
                      Remove
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        <FormAlert tone="error" id="remove-passkey-error">
          {errorFor("remove-passkey")}
        </FormAlert>
        {!canChangePasskeys ? (
          <>
            <p className="text-sm">
              To add or remove a passkey, enter your password again. Each change is emailed to{" "}
              {loaderData.email}.
            </p>
            <PasswordForm intent="confirm-password" error={errorFor("confirm-password")} busy={busy}>
              Confirm password
            </PasswordForm>
          </>
        ) : usable === false ? (
          <p className="text-sm text-muted-foreground">
            Passkeys for this studio belong to {rpId}: open the studio at that address to add or use one.
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <FormAlert tone="error" id="passkey-error">
              {passkeyError}
            </FormAlert>
            <Field id="passkey-name" label="Passkey name (optional)" className="sm:col-start-1">
              <Input
                value={passkeyName}
                onChange={(e) => setPasskeyName(e.target.value)}
                maxLength={60}
                placeholder="e.g. Work laptop"
              />
            </Field>
            <Button type="button" onClick={addPasskey} disabled={usable !== true}>
              Add a passkey
            </Button>
            <p role="status" className="text-sm sm:col-span-2">
              {passkeyStatus}
            </p>
          </div>
        )}
      </Section>

      <Section id="two-factor" title="Two-factor authentication">
        {twoFactor ? (
          <>
            <p className="text-sm">
              <strong>On.</strong> Signing in with your password also asks for a code from your authenticator
              app (or a backup code). Passkey sign-in does not.
            </p>
            <PasswordForm
              intent="disable-two-factor"
              error={errorFor("disable-two-factor")}
              busy={busy}
              variant="outline"
            >
              Turn off two-factor
            </PasswordForm>
          </>
        ) : setup ? (
          <div className="grid gap-4">
            <p className="text-sm">
              Add this account to your authenticator app: scan the code, open the link on your phone, or enter
              the key by hand. Then type the code the app shows.
            </p>
            {/* Drawn 200 px square on the server (QR_CODE_SIZE in server/auth/security.server.ts). */}
            <img
              src={setup.qrCode}
              alt="QR code of the setup link below"
              width={200}
              height={200}
              className="rounded-md border bg-white"
              data-testid="totp-qr"
            />
            <dl className="grid gap-2 text-sm">
              <div className="grid gap-1">
                <dt className="font-semibold">Setup key</dt>
                <dd>
                  <code className="break-all rounded bg-muted px-2 py-1 font-mono" data-testid="totp-secret">
                    {setup.secret}
                  </code>
                </dd>
              </div>
              <div className="grid gap-1">
                <dt className="font-semibold">Setup link</dt>
                <dd>
                  <a
                    href={setup.totpURI}
                    className="break-all text-primary underline underline-offset-4"
                    data-testid="totp-uri"
                  >
                    {setup.totpURI}
                  </a>
                </dd>
              </div>
            </dl>
            <div className="grid gap-2 rounded-md border p-3">
              <h3 className="text-base font-semibold">Backup codes</h3>
              <p className="text-sm">
                Each works once instead of a code if you lose your phone. Save them now: they are not shown
                again.
              </p>
              <ul
                className="grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5"
                aria-label="Backup codes"
              >
                {setup.backupCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
            <confirm.Form
              method="post"
              className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
              aria-describedby={confirm.data?.error ? "confirm-error" : undefined}
            >
              <FormAlert tone="error" id="confirm-error">
                {confirm.data?.error}
              </FormAlert>
              <input type="hidden" name="intent" value="confirm-two-factor" />
              <Field id="confirm-code" label="Code from the app" className="sm:col-start-1">
                <Input
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  pattern="[0-9]{6}"
                  required
                  maxLength={6}
                />
              </Field>
              <Button type="submit" disabled={confirm.state !== "idle"}>
                Turn on two-factor
              </Button>
            </confirm.Form>
          </div>
        ) : (
          <>
            <p className="text-sm">
              <strong>Off.</strong> Turn it on to have password sign-in also ask for a 6-digit code from an
              authenticator app.
            </p>
            <PasswordForm intent="start-two-factor" error={errorFor("start-two-factor")} busy={busy}>
              Set up two-factor
            </PasswordForm>
          </>
        )}
      </Section>
    </div>
  );
}
