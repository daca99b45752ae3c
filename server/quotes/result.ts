/** What a quote step answers: its value, or the HTTP status and the message to show. */
export type QuoteResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      status: 400 | 404 | 409;
      error: string;
      /** Refusals by the form field they sit beside (the studio's quote form). */
      fieldErrors?: Record<string, string>;
    };
