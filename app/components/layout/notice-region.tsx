/**
 * The live region notices appear in (lib/notice.ts, drawn by the page enhancements); it
 * stays in the page, so what is added to it is announced.
 */
export function NoticeRegion() {
  return (
    <div
      data-notice-region=""
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-center sm:inset-x-auto sm:right-4"
    />
  );
}
