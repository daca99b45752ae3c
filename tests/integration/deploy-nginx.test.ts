import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderSiteConfig, writeNginxConfig } from "../../deploy/nginx/render";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

describe("deploy/nginx", () => {
  it("fills in every value of the template and passes nginx -t", () => {
    const site = { appServers: ["127.0.0.1:3001", "127.0.0.1:3002", "127.0.0.1:3003"], listen: "127.0.0.1:8080", siteRoot: path.resolve("build/client") };
    const rendered = renderSiteConfig(site, "/dev/stdout");
    expect(rendered).not.toMatch(/\$\{[A-Z_]+\}/);
    expect(rendered).toContain("server 127.0.0.1:3002;");

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-nginx-"));
    try {
      const conf = writeNginxConfig(dir, site);
      const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], { encoding: "utf8" });
      expect(check.stderr).toContain("test is successful");
      expect(check.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("appends the connecting address to X-Forwarded-For, which TRUST_PROXY=1 reads", () => {
    const rendered = renderSiteConfig({ appServers: ["app:3000"], listen: "80", siteRoot: "/srv/cascadia" }, "/dev/stdout");
    expect(rendered).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });
});
