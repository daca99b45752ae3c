import type * as React from "react";

import { cn } from "~/lib/cn";

/** Self-made imagery of the plumber demo: waves, a friendly pipework scene, the service van. */

/** The wave that separates sections; `fill` takes the colour of the section below. */
export function Wave({ className, flip = false }: { className?: string; flip?: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 1440 80"
      width="1440"
      height="80"
      preserveAspectRatio="none"
      className={cn("block h-10 w-full sm:h-16", flip && "rotate-180", className)}
    >
      <path d="M0 48 C 240 96 480 0 720 32 S 1200 96 1440 40 V80 H0 Z" fill="currentColor" />
    </svg>
  );
}

/** Hero art: a sink, its pipework and a big friendly drop, in the demo's blues. */
export function PipeScene(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 520 440"
      width="520"
      height="440"
      role="img"
      aria-label="Illustration of a sink with gleaming new pipework and a water drop"
      {...props}
    >
      <circle cx="270" cy="220" r="200" fill="#e3f0fb" />
      <circle cx="420" cy="90" r="38" fill="#ffffff" stroke="#bcd6ee" strokeWidth="3" />
      <path d="M420 62 C 404 86 400 96 400 106 a20 20 0 0 0 40 0 c0 -10 -4 -20 -20 -44 Z" fill="#0a5cab" />
      {/* counter and basin */}
      <rect x="90" y="170" width="360" height="26" rx="13" fill="#0b2239" />
      <path
        d="M150 196 H390 L370 262 a20 20 0 0 1 -19 14 H189 a20 20 0 0 1 -19 -14 Z"
        fill="#ffffff"
        stroke="#0b2239"
        strokeWidth="4"
      />
      {/* tap */}
      <path
        d="M256 170 V120 a22 22 0 0 1 22 -22 H320 a12 12 0 0 1 12 12 V126"
        fill="none"
        stroke="#0b2239"
        strokeWidth="12"
        strokeLinecap="round"
      />
      <rect x="236" y="150" width="40" height="20" rx="6" fill="#0b2239" />
      <path d="M332 140 q-6 14 0 24 q6 -10 0 -24z" fill="#3b8fe0" />
      {/* trap and pipes */}
      <g fill="none" strokeLinecap="round" strokeLinejoin="round">
        <path d="M270 276 V318 a26 26 0 0 0 52 0 V304 H360 V390" stroke="#0a5cab" strokeWidth="18" />
        <path d="M180 276 V390" stroke="#7fb3e4" strokeWidth="14" />
        <path d="M140 330 H180" stroke="#7fb3e4" strokeWidth="14" />
      </g>
      <rect x="346" y="296" width="28" height="16" rx="4" fill="#c2410c" />
      <rect x="166" y="340" width="28" height="14" rx="4" fill="#0b2239" />
      {/* wrench */}
      <g transform="rotate(-35 110 110)">
        <rect x="92" y="70" width="22" height="120" rx="11" fill="#c2410c" />
        <path d="M80 60 a26 26 0 1 0 46 0 l-10 12 h-26 z" fill="#c2410c" />
      </g>
      {/* sparkles */}
      <g fill="#0a5cab">
        <path d="M470 250 l6 14 14 6 -14 6 -6 14 -6 -14 -14 -6 14 -6z" />
        <path d="M60 250 l4 9 9 4 -9 4 -4 9 -4 -9 -9 -4 9 -4z" />
      </g>
      <path d="M80 400 H470" stroke="#bcd6ee" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** About art: the Harbourline service van. */
export function ServiceVan(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 480 280"
      width="480"
      height="280"
      role="img"
      aria-label="Illustration of a Harbourline Plumbing service van"
      {...props}
    >
      <ellipse cx="240" cy="246" rx="210" ry="14" fill="#d3e2ef" />
      <path
        d="M40 90 a24 24 0 0 1 24 -24 H300 L384 120 L432 134 a18 18 0 0 1 14 18 V214 a16 16 0 0 1 -16 16 H56 a16 16 0 0 1 -16 -16 Z"
        fill="#ffffff"
        stroke="#0b2239"
        strokeWidth="5"
      />
      <path
        d="M300 66 L384 120 H300 Z"
        fill="#bcd6ee"
        stroke="#0b2239"
        strokeWidth="5"
        strokeLinejoin="round"
      />
      <path d="M40 170 H446" stroke="#0a5cab" strokeWidth="14" />
      <path d="M40 190 H446" stroke="#c2410c" strokeWidth="6" />
      <text
        x="70"
        y="130"
        fontFamily="Outfit Variable, sans-serif"
        fontWeight="700"
        fontSize="30"
        fill="#0b2239"
      >
        HARBOURLINE
      </text>
      <text
        x="70"
        y="156"
        fontFamily="DM Sans Variable, sans-serif"
        fontWeight="600"
        fontSize="15"
        fill="#0a5cab"
      >
        PLUMBING · 24/7
      </text>
      <g fill="#0b2239">
        <circle cx="120" cy="230" r="30" />
        <circle cx="370" cy="230" r="30" />
      </g>
      <g fill="#e3f0fb">
        <circle cx="120" cy="230" r="12" />
        <circle cx="370" cy="230" r="12" />
      </g>
      <rect x="420" y="150" width="18" height="10" rx="3" fill="#facc15" />
    </svg>
  );
}
