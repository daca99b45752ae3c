/**
 * The SQLite driver (better-sqlite3 13) is built for Node-API 10 (Node 22.14 and later): an
 * older Node crashes with a segmentation fault when it opens the database. Refused first,
 * with the fix, in every environment (decision 0024).
 */
export function unsupportedRuntime(
  versions: { node: string; napi?: string } = process.versions,
): string | null {
  if (Number(versions.napi ?? 0) >= 10) return null;
  return `Node ${versions.node} is not supported (Node-API ${versions.napi ?? "unknown"}; the SQLite driver needs 10): run the server on Node 24.21 or later (docs/deploy.md, "Runtime"). In a checkout, npm scripts run it on the Node that npm install fetched.`;
}
