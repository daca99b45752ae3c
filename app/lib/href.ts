import type { href as routerHref } from "react-router";

/**
 * React Router's `href()`, typed from the route table by `react-router typegen`, so a link to a
 * path the table lacks fails the typecheck. Its twelve lines are repeated here because importing
 * react-router's runtime puts about 40 KB gzipped into every island whose content links somewhere;
 * href.test.ts checks that both build the same URLs.
 */
export const href: typeof routerHref = (path: string, ...args: [Record<string, string | undefined>?]) => {
  const params = args[0];
  let result = path
    .replace(/\/\*$|\/+$/, "")
    .replace(/\/:([\w-]+)(\?)?/g, (_, param: string, optional?: string) => {
      const value = params?.[param];
      if (value === undefined && !optional)
        throw new Error(`Path '${path}' requires param '${param}' but it was not provided`);
      return value === undefined ? "" : `/${value}`;
    });
  if (path.endsWith("*") && params?.["*"] !== undefined) result += `/${params["*"]}`;
  return result || "/";
};
