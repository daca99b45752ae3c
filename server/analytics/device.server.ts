import type { AnalyticsDevice } from "../db/schema";

/**
 * Device class from a user agent, as Plausible groups them: tablets first (an iPad or
 * an Android without "Mobile"), then phones, else desktop. Only the class is stored.
 */
export function deviceClass(userAgent: string): AnalyticsDevice {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}
