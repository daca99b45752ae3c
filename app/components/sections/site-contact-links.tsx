import { Mail, Phone } from "lucide-react";
import type * as React from "react";

import { siteConfig } from "~/content/site";
import { cn } from "~/lib/cn";

/** The company's email and phone as links, for pages that tell visitors how to reach us. */
export function SiteContactLinks({ className, ...props }: React.ComponentProps<"ul">) {
  const linkClass =
    "inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline";
  return (
    <ul className={cn("flex flex-col gap-2 text-sm", className)} {...props}>
      <li>
        <a href={`mailto:${siteConfig.email}`} className={linkClass}>
          <Mail aria-hidden className="size-4" />
          {siteConfig.email}
        </a>
      </li>
      <li>
        <a href={siteConfig.phone.href} className={linkClass}>
          <Phone aria-hidden className="size-4" />
          {siteConfig.phone.display}
        </a>
      </li>
    </ul>
  );
}
