import { siteDay } from "~/lib/site-time";

/**
 * The days a balance invoice gives: the default agreement's clause 6 ("Invoices are due within
 * 15 days", app/content/contract.ts), which the client signed; the balance reminders (7 and 14
 * days after the request by default) come before it. docs/product.md#invoices-and-receipts.
 */
export const BALANCE_DUE_DAYS = 15;

/** The Vancouver calendar day ("2026-12-15") a balance requested at `requestedAt` is due. */
export function balanceDueDay(requestedAt: string): string {
  const day = Date.parse(`${siteDay(requestedAt)}T00:00:00.000Z`) + BALANCE_DUE_DAYS * 86_400_000;
  return new Date(day).toISOString().slice(0, 10);
}

/** A requested balance is overdue once its invoice's due day has passed, in Vancouver (home, attention lists). */
export const balanceOverdue = (requestedAt: string, t: number) =>
  siteDay(new Date(t).toISOString()) > balanceDueDay(requestedAt);
