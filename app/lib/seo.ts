import type { MetaDescriptor } from "react-router";
import { siteConfig } from "~/content/site";

export type SeoInput = {
  /** Page title without the studio suffix. */
  title: string;
  description: string;
  /** Path of the page, e.g. "/pricing"; the canonical URL is built from SITE_URL. */
  path: string;
  noindex?: boolean;
};

export const siteUrl = __SITE_URL__;

export function absoluteUrl(path: string) {
  return path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`;
}

/** One place that turns a page's title and description into every head tag it needs. */
export function seo({ title, description, path, noindex }: SeoInput): MetaDescriptor[] {
  const fullTitle = path === "/" ? `${siteConfig.name} | ${title}` : `${title} | ${siteConfig.name}`;
  const url = absoluteUrl(path);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_CA" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}
