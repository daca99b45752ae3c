/** The longest scope of work a quote carries (about eight printed pages); here, apart from the parser, so the browser's forms need no Markdown library. */
export const MAX_SCOPE_LENGTH = 20_000;

/** The longest personal note the studio sends with a quote's email (issue 38). */
export const MAX_SEND_NOTE_LENGTH = 2000;
