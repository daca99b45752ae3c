/**
 * Compiles the server (server/index.ts and what it imports) into one ESM file,
 * build/node/index.js (and the studio's commands the tests run beside it, below), so production runs plain `node` without a TypeScript
 * loader in memory. Packages stay external and load from node_modules, except
 * React Email's components: its index re-exports every component (Tailwind,
 * Markdown, a syntax highlighter), ~10 MB of heap in each worker for the ten
 * the emails use; bundled, esbuild keeps only those (the packages declare no
 * side effects). Its renderer stays external, loaded when a mail is first rendered.
 * The PDF fonts are copied beside the bundle, where the compiled pdf.ts looks.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build, type Plugin } from "esbuild";

import { configuredBuildDir, configuredSiteUrl } from "../server/paths";

const BUNDLED = /^@react-email\/(?!render($|\/))/;

/**
 * Every bare import external (as `packages: "external"`), but for BUNDLED. The
 * components' index minus its re-export of the (external) renderer: an `export *`
 * from an external module would keep the whole index, and so every component.
 */
const externalPackages: Plugin = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^@react-email\/components$/ }, () => ({
      path: createRequire(import.meta.url)
        .resolve("@react-email/components")
        .replace(/index\.c?js$/, "index.mjs"),
      namespace: "react-email-components",
    }));
    b.onLoad({ filter: /.*/, namespace: "react-email-components" }, (args) => {
      const source = fs.readFileSync(args.path, "utf8");
      const contents = source.replace(/^export \* from "@react-email\/render";?$/m, "");
      if (contents === source)
        throw new Error(
          `${args.path} no longer re-exports @react-email/render as expected: update scripts/build-server.ts`,
        );
      return { contents, resolveDir: path.dirname(args.path), loader: "js" };
    });
    // Not "./x", "/x" or the app's "~/x" alias (tsconfig paths): a package or a node: builtin.
    b.onResolve({ filter: /^[^./~]/ }, (args) =>
      BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

const outDir = path.resolve(configuredBuildDir(), "node");

/**
 * The studio's commands the end-to-end tests run, compiled beside the server: as the server, so
 * from the code that ships, and started in half the CPU of tsx's loader (0.57 s against 1.1 s,
 * sixty-odd runs in a test run). The studio's own use stays `npm run studio-user` (docs/deploy.md).
 */
const CLIS = ["studio-user", "studio-quote", "reminders", "agreement-verify"] as const;

await build({
  entryPoints: {
    index: "server/index.ts",
    ...Object.fromEntries(CLIS.map((name) => [name, `scripts/${name}.ts`])),
  },
  outdir: outDir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  plugins: [externalPackages],
  sourcemap: true,
  // Server code shares app/ modules (schemas, content) and their build-time constant.
  define: { __SITE_URL__: JSON.stringify(configuredSiteUrl()) },
  logLevel: "warning",
});
// The PDF faces (and their licence), which server/documents/pdf.ts reads from ./fonts/ beside itself.
fs.cpSync(path.resolve("server/documents/fonts"), path.join(outDir, "fonts"), { recursive: true });
console.log(
  `build-server: ${["index", ...CLIS].map((name) => path.relative(process.cwd(), path.join(outDir, `${name}.js`))).join(", ")}`,
);
