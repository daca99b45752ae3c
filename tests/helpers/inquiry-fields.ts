import { randomBytes } from "node:crypto";

/*
 * What a test sends, apart from the harness in ./inquiries.ts: a file that needs only these
 * does not import the databases helper, and so runs on SQLite only (tests/setup/database-files.ts).
 */

/** A valid inquiry as the form sends it. */
export const validInquiry = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "604-555-0199",
  company: "Analytical Engines Ltd",
  projectType: "pro",
  budget: "500-1000",
  timeline: "3-4weeks",
  message: "We need a five-page site for our engine workshop,\nwith a booking form.",
};

/** A different client address per call (X-Forwarded-For is trusted in tests), so rate limits stay out of the way. */
export const randomIp = () => `10.${[0, 0, 0].map(() => randomBytes(1)[0]).join(".")}`;
