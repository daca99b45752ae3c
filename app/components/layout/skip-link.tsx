/**
 * First focusable element on every page: jumps past the navigation to <main id="main">.
 * Set in the system font: it sits outside a demo's theme, and the site font would
 * otherwise be downloaded on every demo page for this one hidden link.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only font-[system-ui,sans-serif] focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}
