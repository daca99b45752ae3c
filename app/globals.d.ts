/** Canonical origin of the site, fixed at build time from SITE_URL (vite.config.ts). */
declare const __SITE_URL__: string;

/** Built island entries by name (scripts/vite/islands.ts). */
declare module "virtual:islands" {
  export const islandScripts: Readonly<Record<string, string>>;
  export const islandDev: boolean;
}
