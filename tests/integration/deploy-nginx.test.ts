import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { renderSiteConfig, writeNginxConfig } from "../../deploy/nginx/render";
import { freePort } from "../fakes/smtp";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

describe("deploy/nginx", () => {
  it("fills in every value of the template and passes nginx -t", () => {
    const site = {
      appServers: ["127.0.0.1:3001", "127.0.0.1:3002", "127.0.0.1:3003"],
      listen: "127.0.0.1:8080",
      siteRoot: path.resolve("build/client"),
    };
    const rendered = renderSiteConfig(site, "/dev/stdout");
    expect(rendered).not.toMatch(/\$\{[A-Z_]+\}/);
    expect(rendered).toContain("server 127.0.0.1:3002;");

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-nginx-"));
    try {
      const conf = writeNginxConfig(dir, site);
      const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], {
        encoding: "utf8",
      });
      expect(check.stderr).toContain("test is successful");
      expect(check.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("appends the connecting address to X-Forwarded-For, which TRUST_PROXY=1 reads", () => {
    const rendered = renderSiteConfig(
      { appServers: ["app:3000"], listen: "80", siteRoot: "/srv/cascadia" },
      "/dev/stdout",
    );
    expect(rendered).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });

  it("passes /metrics (with its Authorization header) to the app from loopback only here, and answers 403 to other addresses", async () => {
    // A stand-in app process that records what reaches it.
    const seen: { path: string; authorization?: string }[] = [];
    const upstream = http.createServer((req, res) => {
      seen.push({ path: req.url!, authorization: req.headers.authorization });
      res.end("cascadia_up 1\n");
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cascadia-nginx-metrics-"));
    const port = await freePort();
    const conf = writeNginxConfig(dir, {
      appServers: [`127.0.0.1:${(upstream.address() as AddressInfo).port}`],
      listen: `127.0.0.1:${port}`,
      siteRoot: dir,
    });
    const nginx = spawn(NGINX, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], {
      stdio: "ignore",
    });
    const get = (from: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.get(
          {
            host: "127.0.0.1",
            port,
            path: "/metrics",
            localAddress: from,
            agent: false,
            headers: { authorization: "Bearer scrape-token" },
          },
          (res) => {
            res.resume().on("end", () => resolve(res.statusCode!));
          },
        );
        req.on("error", reject);
      });
    try {
      let first: number | undefined;
      for (let i = 0; i < 600 && first === undefined; i++) {
        first = await get("127.0.0.1").catch(
          () => new Promise<undefined>((r) => setTimeout(() => r(undefined), 50)),
        );
      }
      expect(first).toBe(200);
      expect(seen).toEqual([{ path: "/metrics", authorization: "Bearer scrape-token" }]);
      // Another loopback address stands for a visitor from the internet.
      expect(await get("127.0.0.2")).toBe(403);
      expect(seen).toHaveLength(1);
    } finally {
      nginx.kill("SIGTERM");
      await new Promise((r) => nginx.once("exit", r));
      await new Promise((r) => upstream.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("allows /metrics only from loopback and private networks", () => {
    const rendered = renderSiteConfig(
      { appServers: ["app:3000"], listen: "80", siteRoot: "/srv/cascadia" },
      "/dev/stdout",
    );
    const block = /location = \/metrics \{([^}]*)\}/.exec(rendered)?.[1] ?? "";
    expect(block.match(/allow \S+;/g)).toEqual([
      "allow 127.0.0.1;",
      "allow ::1;",
      "allow 10.0.0.0/8;",
      "allow 172.16.0.0/12;",
      "allow 192.168.0.0/16;",
    ]);
    expect(block).toMatch(/deny all;\s*proxy_pass http:\/\/cascadia_app;/);
  });
});
