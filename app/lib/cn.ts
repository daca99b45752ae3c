import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its class map on the first merge: one ~12 ms job on a fast
 * desktop, 4× that on a phone. entry.client.tsx runs it in a task of its own before
 * hydration, rather than inside whichever component first calls cn().
 */
export function warmClassMerge() {
  twMerge("p-0 p-1");
}
