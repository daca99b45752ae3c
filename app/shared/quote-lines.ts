/** Whether a quote line counts: always, or an option the client ticked (issue 38). Kept apart from quote-model so the quote page's bundle needs no schema. */
export const lineIncluded = (l: { optional?: true; chosen?: boolean }) => !l.optional || l.chosen === true;
