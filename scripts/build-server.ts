/**
 * Compiles the server (server/index.ts and what it imports) into one ESM file,
 * build/node/index.js, so production runs plain `node` without a TypeScript
 * loader in memory. Packages stay external and load from node_modules.
 */
import path from "node:path";
import { build } from "esbuild";

const outDir = path.resolve(process.env.BUILD_DIR ?? "build", "node");

await build({
  entryPoints: ["server/index.ts"],
  outfile: path.join(outDir, "index.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  // Server code shares app/ modules (schemas, content) and their build-time constant.
  define: { __SITE_URL__: JSON.stringify((process.env.SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "")) },
  logLevel: "warning",
});
console.log(`build-server: ${path.relative(process.cwd(), path.join(outDir, "index.js"))}`);
