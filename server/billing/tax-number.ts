/**
 * The GST/HST registration number as CRA writes it: the 9-digit business
 * number, RT, and the 4-digit account ("123456789 RT0001"; spaces optional).
 * Read by server/config.server.ts for the server and the quote command alike.
 */
export const GST_HST_NUMBER_PATTERN = /^\d{9} ?RT ?\d{4}$/;
