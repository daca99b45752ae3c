import { createHash, createHmac } from "node:crypto";

/**
 * The visitor's link to reschedule or cancel: an HMAC of the booking id under the server's
 * secret, so the confirmation email (rendered later by the outbox) can write it again while
 * the database keeps only its SHA-256 (a leaked table opens no booking).
 */
export const manageToken = (secret: string, bookingId: string) =>
  createHmac("sha256", secret).update(`booking-manage:${bookingId}`).digest("base64url");
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
