import type { OutboxItem } from "../outbox/outbox.server";

/** The credit note's email to the client; subject: the credit note (one per refund). */
export const CREDIT_NOTE_SUBJECT = "credit-note";
export const CREDIT_NOTE_EMAIL = "credit-note-email";

export const creditNoteOutboxItem = (documentId: string): OutboxItem => ({
  subjectType: CREDIT_NOTE_SUBJECT,
  subjectId: documentId,
  channel: CREDIT_NOTE_EMAIL,
});
