/**
 * Table types of the Kysely query layer, the same on SQLite and PostgreSQL.
 * Timestamps are ISO-8601 UTC text (sortable on both), money is integer cents.
 * Each capability adds its tables here and a migration in ./migrations.
 */
export interface RateLimitTable {
  /** bucket:client:window-start */
  key: string;
  count: number;
  expires_at: string;
}

export interface Database {
  rate_limits: RateLimitTable;
}
