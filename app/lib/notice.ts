/**
 * Shows a notice (title, optional description) in the page's notice region, the one
 * the demos' inert buttons use: the inline page enhancements draw it (page-enhancements.ts,
 * which listens for this event and cannot import this module).
 */
export const NOTICE_EVENT = "page-notice";

export type Notice = { title: string; description?: string; tone?: "info" | "error" };

export function showNotice(notice: Notice) {
  document.dispatchEvent(new CustomEvent<Notice>(NOTICE_EVENT, { detail: notice }));
}
