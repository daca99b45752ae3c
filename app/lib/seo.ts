import type { MetaDescriptor } from "react-router";

import { siteConfig } from "~/content/site";
import { publicRoutes } from "~/lib/route-registry";

export type SeoInput = {
  /** Page title without the studio suffix. */
  title: string;
  description: string;
  /** Path of the page, e.g. "/pricing"; the canonical URL is built from SITE_URL. */
  path: string;
  noindex?: boolean;
  /** Site path of a 1200x630 social preview image; defaults to the one generated for the page. */
  image?: string;
  /** Text alternative of the preview image; defaults to the full title. */
  imageAlt?: string;
};

export const siteUrl = __SITE_URL__;

/** Social preview images are 1200x630 PNGs (scripts/og-images.ts renders them at build time). */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
/** The studio logo as a square PNG, for JSON-LD (also rendered by scripts/og-images.ts). */
export const LOGO_PATH = "/og/logo.png";

export function absoluteUrl(path: string) {
  return path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`;
}

/** Main site pages each get their own preview image; every other page shares the company's. */
export function ogImagePath(path: string) {
  const main = publicRoutes.some((r) => r.section === "main" && r.prerender && r.path === path);
  if (!main) return "/og/default.png";
  return `/og/${path === "/" ? "home" : path.slice(1).replaceAll("/", "-")}.png`;
}

export function fullTitle(title: string, path: string) {
  return path === "/" ? `${siteConfig.name} | ${title}` : `${title} | ${siteConfig.name}`;
}

/** One place that turns a page's title and description into every head tag it needs. */
export function seo({ title, description, path, noindex, image, imageAlt }: SeoInput): MetaDescriptor[] {
  const pageTitle = fullTitle(title, path);
  const url = absoluteUrl(path);
  const imageUrl = absoluteUrl(image ?? ogImagePath(path));
  const alt = imageAlt ?? pageTitle;
  return [
    { title: pageTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:title", content: pageTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_CA" },
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(OG_IMAGE_SIZE.width) },
    { property: "og:image:height", content: String(OG_IMAGE_SIZE.height) },
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: pageTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: alt },
    ...(noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}
