import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

import { SITE, STUDIO_EMAIL, type StudioHarness } from "./studio";

const PASSKEY = "/api/studio/auth/passkey";
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/**
 * A platform passkey in software, as Chromium's virtual authenticator is in the
 * end-to-end tests (tests/e2e/studio-auth.spec.ts): an ES256 key whose public half is
 * stored as the plugin stores a registered one, and an assertion made with the
 * private half over the server's own challenge, user present and verified.
 */
export async function softwarePasskey(h: Pick<StudioHarness, "database">, email = STUDIO_EMAIL) {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = publicKey.export({ format: "jwk" });
  // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const credentialId = b64url(randomBytes(16));
  const user = await h.database.db
    .selectFrom("studio_users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  await h.database.db
    .insertInto("studio_passkeys")
    .values({
      id: randomUUID(),
      user_id: user.id,
      name: "Laptop",
      credential_id: credentialId,
      public_key: Buffer.from(cose).toString("base64"),
      counter: 0,
      device_type: "multiDevice",
      backed_up: h.database.kind === "postgres" ? true : 1,
      transports: "internal",
      aaguid: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  let counter = 0;

  /** The login page's "Sign in with a passkey": the challenge, then the signed assertion. */
  async function signIn(browser: ReturnType<StudioHarness["client"]>) {
    const options = await browser.request(`${PASSKEY}/generate-authenticate-options`);
    if (options.status !== 200) return options;
    const { challenge, rpId } = (await options.json()) as { challenge: string; rpId: string };
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge, origin: SITE, crossOrigin: false }),
    );
    counter += 1;
    const authenticatorData = Buffer.concat([
      createHash("sha256").update(rpId).digest(),
      // Flags: user present (0x01), user verified (0x04).
      Buffer.from([0x05]),
      Buffer.from([counter >>> 24, (counter >>> 16) & 255, (counter >>> 8) & 255, counter & 255]),
    ]);
    const signature = sign(
      "sha256",
      Buffer.concat([authenticatorData, createHash("sha256").update(clientDataJSON).digest()]),
      privateKey,
    );
    return browser.request(`${PASSKEY}/verify-authentication`, {
      method: "POST",
      body: {
        response: {
          id: credentialId,
          rawId: credentialId,
          type: "public-key",
          response: {
            clientDataJSON: b64url(clientDataJSON),
            authenticatorData: b64url(authenticatorData),
            signature: b64url(signature),
            userHandle: b64url(Buffer.from(user.id)),
          },
          clientExtensionResults: {},
          authenticatorAttachment: "platform",
        },
      },
    });
  }
  return { signIn };
}
