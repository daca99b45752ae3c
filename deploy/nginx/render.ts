/**
 * Renders deploy/nginx's template into a complete, self-contained nginx
 * configuration in `dir` (main nginx.conf around the site file, logs, temp
 * paths and pid inside `dir`), as the nginx image's envsubst would fill it in.
 * Used by the config check and the cluster test, so both run the repository's
 * configuration, not a copy.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export type NginxSite = {
  /** host:port of every app process. */
  appServers: string[];
  listen: string;
  siteRoot: string;
  workers?: number;
};

export function renderSiteConfig(site: NginxSite, accessLog: string) {
  const values: Record<string, string> = {
    APP_SERVERS: site.appServers.map((s) => `server ${s};`).join("\n    "),
    LISTEN: site.listen,
    SITE_ROOT: site.siteRoot,
    ACCESS_LOG: accessLog,
  };
  const template = fs.readFileSync(path.join(here, "cascadia.conf.template"), "utf8");
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`deploy/nginx template: no value for ${whole}`);
    return values[name]!;
  });
}

/** Writes dir/nginx.conf (and what it includes); returns its path. */
export function writeNginxConfig(dir: string, site: NginxSite) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "cascadia.conf"), renderSiteConfig(site, path.join(dir, "access.log")));
  fs.copyFileSync(
    path.join(here, "cascadia-security-headers.conf"),
    path.join(dir, "cascadia-security-headers.conf"),
  );
  const mimeTypes = fs.existsSync("/etc/nginx/mime.types") ? "include /etc/nginx/mime.types;" : "";
  const conf = path.join(dir, "nginx.conf");
  // Started as root, nginx runs its workers as "nobody", who cannot read a checkout inside a
  // private (0700) directory such as mktemp -d's: they answered 404. Here they run as the caller.
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : "";
  fs.writeFileSync(
    conf,
    `${user}worker_processes ${site.workers ?? 1};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  ${mimeTypes}
  default_type application/octet-stream;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/cascadia.conf;
}
`,
  );
  return conf;
}
