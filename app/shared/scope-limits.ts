/** The longest scope of work a quote carries (about eight printed pages); here, apart from the parser, so the browser's forms need no Markdown library. */
export const MAX_SCOPE_LENGTH = 20_000;
