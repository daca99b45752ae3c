import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * A calendar source's credentials at rest (decision 0048): AES-256-GCM under the key derived
 * for them from the root secret (secretFor(config, "calendar-credentials")), a fresh 96-bit IV
 * each time, the row's id bound in as associated data so a sealed value copied onto another
 * row does not open. A leaked database alone opens no calendar.
 */
export const credentialsSchema = z.object({
  url: z.string(),
  username: z.string().optional(),
  password: z.string().optional(),
});
export type CalendarCredentials = z.infer<typeof credentialsSchema>;

const VERSION = "v1";

export function sealCredentials(key: Buffer, id: string, credentials: CalendarCredentials): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`calendar-source:${id}`));
  const body = Buffer.concat([cipher.update(JSON.stringify(credentials), "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The credentials, or undefined when the value was not sealed under this key for this row. */
export function openCredentials(key: Buffer, id: string, sealed: string): CalendarCredentials | undefined {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(`calendar-source:${id}`));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const text = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
      "utf8",
    );
    const parsed = credentialsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
