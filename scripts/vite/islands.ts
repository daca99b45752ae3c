import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Islands: a part of a static page that React hydrates on its own, without React
 * Router in the browser (docs/decisions/0009-form-islands.md). Each island has a
 * client entry named `*.island.tsx` under app/; its name is the file name without
 * that suffix.
 *
 * This plugin adds each entry to the client build and gives the server the built
 * file's URL through `virtual:islands`, so the prerendered page can load it. React
 * Router builds the client first, then the server, each with its own Vite instance:
 * the client build records the URLs in `<build>/islands.json` (beside, not inside,
 * the public `client/` folder) and the server build reads them from there. In
 * development the URL is the source file's, which Vite serves as is.
 */
const VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export function islands({ appDirectory = "app" } = {}): Plugin {
  let root = process.cwd();
  let command: "build" | "serve" = "serve";
  let outDir = "";
  const entries = new Map<string, string>(); // name -> absolute source file

  const findEntries = () => {
    entries.clear();
    const dir = path.resolve(root, appDirectory);
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".island.tsx")) continue;
      const name = path.basename(file, ".island.tsx");
      if (entries.has(name)) throw new Error(`islands: two entries are named "${name}"`);
      entries.set(name, path.join(dir, file));
    }
  };

  return {
    name: "site:islands",
    configResolved(config) {
      root = config.root;
      command = config.command;
      outDir = path.resolve(root, config.build.outDir);
      findEntries();
    },
    options(options) {
      if (command !== "build" || this.environment?.name !== "client") return;
      const input = options.input;
      const extra = [...entries.values()];
      if (Array.isArray(input)) return { ...options, input: [...input, ...extra] };
      if (typeof input === "string") return { ...options, input: [input, ...extra] };
      return { ...options, input: { ...input, ...Object.fromEntries(entries) } };
    },
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      const built = new Map<string, string>(); // name -> "/assets/…js"
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry || !chunk.facadeModuleId) continue;
        for (const [name, file] of entries) {
          if (chunk.facadeModuleId === file) built.set(name, `/${chunk.fileName}`);
        }
      }
      const missing = [...entries.keys()].filter((name) => !built.has(name));
      if (missing.length > 0) throw new Error(`islands: no client chunk for ${missing.join(", ")}`);
      writeFileSync(path.join(outDir, "..", "islands.json"), JSON.stringify(Object.fromEntries(built)));
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return;
      let scripts: Record<string, string>;
      if (command === "serve") {
        scripts = Object.fromEntries(
          [...entries].map(([name, file]) => [
            name,
            `/${path.relative(root, file).split(path.sep).join("/")}`,
          ]),
        );
      } else if (this.environment?.name === "client") {
        scripts = {}; // the browser never renders the loader (island.tsx)
      } else {
        const recorded = path.join(outDir, "..", "islands.json");
        scripts = JSON.parse(readFileSync(recorded, "utf8")) as Record<string, string>;
        const missing = [...entries.keys()].filter((name) => !scripts[name]);
        if (missing.length > 0)
          throw new Error(
            `islands: ${recorded} lacks ${missing.join(", ")}; the client build must run first`,
          );
      }
      return `export const islandScripts = ${JSON.stringify(scripts)};\nexport const islandDev = ${command === "serve"};\n`;
    },
  };
}
