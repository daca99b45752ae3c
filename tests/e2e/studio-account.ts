import { execFile } from "node:child_process";
import { expect } from "./fixtures";

/** Creates a studio account in the e2e server's database through the real CLI, the password piped in. */
export async function addAccount(email: string, password: string) {
  const child = execFile("npx", ["tsx", "scripts/studio-user.ts", "add", email], {
    env: { ...process.env, NODE_ENV: "test", DATABASE_PATH: process.env.E2E_DATABASE_PATH!, DATABASE_URL: "" },
  });
  child.stdin!.end(`${password}\n`);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(code).toBe(0);
}
