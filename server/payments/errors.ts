/**
 * An error as one log string. The logger redacts every nested "message" key
 * (visitors' messages), so error details go under their own field.
 */
export function describeError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
