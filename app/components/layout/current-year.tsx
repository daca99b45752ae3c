/**
 * The copyright year: the build's year in prerendered HTML, replaced by the
 * visitor's current year by the inline page enhancements (lib/page-enhancements.ts).
 * React keeps whatever text is there when a page hydrates.
 */
export function CurrentYear() {
  return (
    <span data-current-year="" suppressHydrationWarning>
      {new Date().getFullYear()}
    </span>
  );
}
