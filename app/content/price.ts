/**
 * Display of whole-dollar CAD prices on the studio pages ("$220+", "$50/month").
 * Amounts are whole dollars here: these are advertised prices, not charges
 * (charges are computed in cents on the server).
 */
const cad = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 0 });

/** "$1,200" for 1200. en-CA renders CAD as a bare "$". */
export function formatDollars(amount: number) {
  return cad.format(amount);
}

/** A price with a suffix, e.g. ("220", "+") -> "$220+", (50, "/month") -> "$50/month". */
export function formatPrice(amount: number, suffix: "" | "+" | "/month" = "") {
  return `${formatDollars(amount)}${suffix}`;
}

/** A monthly range, e.g. (0, 20) -> "$0-20/month". */
export function formatMonthlyRange(min: number, max: number) {
  return `${formatDollars(min)}-${formatDollars(max).replace("$", "")}/month`;
}
