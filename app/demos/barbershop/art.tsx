import type * as React from "react";
import { useId } from "react";

import { cn } from "~/lib/cn";

/** Self-made imagery of the barbershop demo: barber pole, shop seal, ornaments, razor and shears. */

/** A classic barber pole, red, cream and navy. */
export function BarberPole(props: React.SVGProps<SVGSVGElement>) {
  const id = useId().replace(/:/g, "");
  return (
    <svg viewBox="0 0 80 320" width="80" height="320" aria-hidden {...props}>
      <defs>
        <pattern
          id={`${id}-s`}
          width="40"
          height="56"
          patternUnits="userSpaceOnUse"
          patternTransform="skewY(-35)"
        >
          <rect width="40" height="56" fill="#f5efe3" />
          <rect width="40" height="14" fill="#7a1f1f" />
          <rect y="28" width="40" height="14" fill="#1c2740" />
        </pattern>
        <clipPath id={`${id}-c`}>
          <rect x="20" y="50" width="40" height="220" rx="20" />
        </clipPath>
      </defs>
      <rect x="14" y="20" width="52" height="30" rx="8" fill="#c49a5a" />
      <circle cx="40" cy="14" r="12" fill="#c49a5a" />
      <rect x="20" y="50" width="40" height="220" fill={`url(#${id}-s)`} clipPath={`url(#${id}-c)`} />
      <rect x="20" y="50" width="40" height="220" rx="20" fill="none" stroke="#c49a5a" strokeWidth="3" />
      <rect x="14" y="270" width="52" height="30" rx="8" fill="#c49a5a" />
      <circle cx="40" cy="306" r="10" fill="#c49a5a" />
    </svg>
  );
}

/** The shop's round seal with its name set around the rim. */
export function ShopSeal({
  className,
  name,
  established,
}: {
  className?: string;
  name: string;
  established: string;
}) {
  const id = useId().replace(/:/g, "");
  return (
    <svg
      viewBox="0 0 240 240"
      width="240"
      height="240"
      role="img"
      aria-label={`${name}, ${established}`}
      className={className}
    >
      <defs>
        <path id={`${id}-arc`} d="M120 120 m-86 0 a86 86 0 1 1 172 0 a86 86 0 1 1 -172 0" />
      </defs>
      <circle cx="120" cy="120" r="116" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle
        cx="120"
        cy="120"
        r="108"
        fill="none"
        stroke="currentColor"
        strokeWidth="1"
        strokeDasharray="2 5"
      />
      <circle cx="120" cy="120" r="66" fill="none" stroke="currentColor" strokeWidth="2" />
      <text
        fill="currentColor"
        fontFamily="Playfair Display Variable, serif"
        fontSize="19"
        fontWeight="700"
        letterSpacing="5"
      >
        <textPath href={`#${id}-arc`} startOffset="0">
          {`${name.toUpperCase()} · BARBER CO. · `}
        </textPath>
      </text>
      <g
        transform="translate(120 112)"
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      >
        <circle cx="-16" cy="22" r="10" />
        <circle cx="16" cy="22" r="10" />
        <path d="M-9 14 L22 -34 M9 14 L-22 -34" />
      </g>
      <text
        x="120"
        y="160"
        textAnchor="middle"
        fill="currentColor"
        fontFamily="Playfair Display Variable, serif"
        fontSize="14"
        fontStyle="italic"
      >
        {established}
      </text>
    </svg>
  );
}

/** A printed-menu rule with a diamond in the middle. */
export function Ornament({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 240 16"
      width="240"
      height="16"
      aria-hidden
      className={cn("mx-auto h-4 w-60 text-accent", className)}
    >
      <path d="M0 8 H100 M140 8 H240" stroke="currentColor" strokeWidth="1.5" />
      <path d="M120 1 L127 8 L120 15 L113 8 Z" fill="currentColor" />
      <circle cx="106" cy="8" r="2.5" fill="currentColor" />
      <circle cx="134" cy="8" r="2.5" fill="currentColor" />
    </svg>
  );
}

/** A monogram medallion standing in for a barber's portrait. */
export function Monogram({ initials, className }: { initials: string; className?: string }) {
  return (
    <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden className={className}>
      <circle cx="60" cy="60" r="58" fill="#1c2740" />
      <circle cx="60" cy="60" r="50" fill="none" stroke="#c49a5a" strokeWidth="2" />
      <circle cx="60" cy="60" r="45" fill="none" stroke="#c49a5a" strokeWidth="1" strokeDasharray="1 4" />
      <text
        x="60"
        y="72"
        textAnchor="middle"
        fill="#f5efe3"
        fontFamily="Playfair Display Variable, serif"
        fontSize="34"
        fontWeight="700"
        fontStyle="italic"
      >
        {initials}
      </text>
    </svg>
  );
}
