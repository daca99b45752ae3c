import fs from "node:fs";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";

/**
 * Debian Chromium for the images the build renders, or, where it is not installed,
 * undefined once the committed copies in `fallbackDir` are in `outDir`: a build
 * without a browser still serves every image.
 */
export async function launchBuildChromium(label: string, fallbackDir: string, outDir: string): Promise<Browser | undefined> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(executablePath)) {
    console.warn(`${label}: Chromium not found at ${executablePath}; using the committed images in ${path.relative(process.cwd(), fallbackDir)}/`);
    for (const file of fs.readdirSync(fallbackDir)) fs.copyFileSync(path.join(fallbackDir, file), path.join(outDir, file));
    return undefined;
  }
  return chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--no-first-run"],
  });
}
