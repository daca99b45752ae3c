import fs from "node:fs";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import path from "node:path";
import type { ServerBuild } from "react-router";

import { loadConfigOrExit } from "./config.server";
import { databaseOptionsFromConfig, migrateToLatest, openDatabase } from "./db/database.server";
import { createNodeHandler } from "./http/listener.server";
import { createHttpServer } from "./http/node-server.server";
import { createLogger } from "./logger.server";
import { closeOnSignals, startProcess } from "./process.server";

/** Vite 8's own default for server.fs.deny, which setting the option replaces (not merges). */
const VITE_DEFAULT_FS_DENY = [
  ".env",
  ".env.*",
  "*.{crt,pem,key,p12,pfx,cer,der}",
  ".npmrc",
  ".yarnrc.yml",
  "**/.git/**",
];

/**
 * `npm run dev`: the real app in development. The same Hono app and services as
 * `npm start` (startProcess: the database under data/ and its migrations, the
 * outbox worker, mail logged by id unless SMTP_URL is set, the sandbox checkout),
 * with Vite in middleware mode in front: it serves the source modules and hot
 * reload, and every page is rendered per request from the server build Vite
 * compiles (nothing is prerendered or read from build/). Modelled on epic-stack's
 * server/index.ts and React Router's custom-server template.
 */
async function main() {
  // Canonical URLs, the studio's sign-in origin and Stripe return URLs follow the dev port.
  process.env.SITE_URL ??= `http://localhost:${process.env.PORT ?? 3000}`;
  // Vite serves the project's files: this machine only, unless HOST says otherwise.
  process.env.HOST ??= "localhost";
  const config = loadConfigOrExit();
  if (config.NODE_ENV === "production") {
    console.error(
      "npm run dev serves development builds: unset NODE_ENV=production (npm start runs the production build).",
    );
    process.exit(1);
  }
  const logger = createLogger(config);
  const database = openDatabase(databaseOptionsFromConfig(config));
  const applied = await migrateToLatest(database);
  if (applied.length > 0)
    logger.info({ migrations: applied.map((m) => m.migrationName) }, "migrations applied");
  const services = startProcess({ config, database, logger });

  // Vite's hot-reload socket shares the app's port (no second port to collide with).
  let handle: RequestListener = (_req, res) => res.writeHead(503).end();
  const server = createHttpServer((req, res) => handle(req, res));
  const { createServer } = await import("vite");
  const ownSigterm = new Set(process.listeners("SIGTERM"));
  const vite = await createServer({
    server: {
      middlewareMode: true,
      hmr: { server },
      // The database and the studio's secret sit in the project (data/): never served as a source file.
      fs: { deny: [...VITE_DEFAULT_FS_DENY, `${path.dirname(path.resolve(config.DATABASE_PATH))}/**`] },
    },
    appType: "custom",
  });
  // React Router's plugin starts a second Vite server whose SIGTERM handler exits the process
  // at once; closeOnSignals closes Vite (and that server) itself, then the services.
  for (const listener of process.listeners("SIGTERM"))
    if (!ownSigterm.has(listener)) process.off("SIGTERM", listener);
  const { listener } = createNodeHandler({
    ...services.appDeps,
    site: {
      serverBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    },
  });
  // Vite answers its own paths (/@vite/client, source modules, public/); the app the rest.
  handle = (req: IncomingMessage, res: ServerResponse) =>
    vite.middlewares(req, res, () => servePreview(req, res) || listener(req, res));

  services.listen(server, { dev: true });
  closeOnSignals({ server, services, logger, before: () => vite.close() });
}

/**
 * The portfolio's demo pictures: the build copies the committed files from assets/previews/
 * to /previews/ (decision 0017); here they are read from there. The name is matched
 * whole, so no other file can be reached.
 */
function servePreview(req: IncomingMessage, res: ServerResponse) {
  const name = /^\/previews\/([a-z0-9-]+\.avif)$/.exec(req.url ?? "")?.[1];
  const file = name && path.resolve("assets/previews", name);
  if (!file || !fs.existsSync(file) || (req.method !== "GET" && req.method !== "HEAD")) return false;
  res.writeHead(200, { "Content-Type": "image/avif", "Cache-Control": "no-cache" });
  if (req.method === "HEAD") res.end();
  else fs.createReadStream(file).pipe(res);
  return true;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
