/** The client portal's words (server/portal and app/portal read them from here). */

/** The one answer to every accepted request, known email or not (nothing to enumerate). */
export const LINK_SENT =
  "If that email has a project with us, a sign-in link is on its way. It works once, for 15 minutes.";
export const LINK_LIMITED = "Too many sign-in links asked for. Try again later.";
export const LINK_REFUSED = "That sign-in link has expired or was already used. Ask for a new one below.";
export const EMAIL_INVALID = "Enter your email address, like name@example.com.";
