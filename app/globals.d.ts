/** Canonical origin of the site, fixed at build time from SITE_URL (vite.config.ts). */
declare const __SITE_URL__: string;
