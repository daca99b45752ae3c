/**
 * Display of whole-dollar CAD prices on the site pages ("$220+", "$50/month").
 * Amounts are whole dollars here: these are advertised prices, not charges
 * (charges are computed in cents on the server).
 */
import { formatCad } from "~/lib/money";

/** "$1,200" for 1200 (en-CA renders CAD as a bare "$"); rounded to the dollar. */
export function formatDollars(amount: number) {
  return formatCad(Math.round(amount) * 100, { trimWholeDollars: true });
}

/** A price with a suffix, e.g. ("220", "+") -> "$220+", (50, "/month") -> "$50/month". */
export function formatPrice(amount: number, suffix: "" | "+" | "/month" = "") {
  return `${formatDollars(amount)}${suffix}`;
}

/** A monthly range, e.g. (0, 20) -> "$0-20/month". */
export function formatMonthlyRange(min: number, max: number) {
  return `${formatDollars(min)}-${formatDollars(max).replace("$", "")}/month`;
}
