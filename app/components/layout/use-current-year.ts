import { useEffect, useState } from "react";

/**
 * The copyright year: the build's year in the prerendered HTML, the visitor's after
 * hydration. Its own module so the demo footer does not pull in the studio footer.
 */
export function useCurrentYear() {
  const [year, setYear] = useState(() => new Date().getFullYear());
  useEffect(() => setYear(new Date().getFullYear()), []);
  return year;
}
