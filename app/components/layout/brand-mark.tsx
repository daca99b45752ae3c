import { Link } from "react-router";

import { siteConfig } from "~/content/site";
import { href } from "~/lib/href";

/** The studio's logo: a mountain-and-wave mark with the wordmark. */
export function BrandMark({ className = "" }: { className?: string }) {
  return (
    <Link
      to={href("/")}
      className={`flex items-center gap-2.5 rounded-md font-heading text-lg font-bold whitespace-nowrap ${className}`}
    >
      <svg aria-hidden width="32" height="32" viewBox="0 0 32 32" className="shrink-0">
        <rect width="32" height="32" rx="8" fill="var(--primary)" />
        <path d="M6 22 13 11l4 6 3-4 6 9Z" fill="#fff" />
        <path
          d="M6 25c3-2 5-2 8 0s5 2 8 0 4-2 4-2"
          stroke="#5eead4"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span>{siteConfig.name}</span>
    </Link>
  );
}
