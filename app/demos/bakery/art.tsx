import type * as React from "react";

import { cn } from "~/lib/cn";

/**
 * Warm, outlined "hand-drawn" illustrations for the bakery demo: chocolate
 * outlines over butter and crust tones (self-made SVG, no raster files).
 */
export type BakeryArtKind = "loaf" | "cake" | "pastry";

const ink = "#3b2416";
const line = { stroke: ink, strokeWidth: 5, strokeLinecap: "round", strokeLinejoin: "round" } as const;

function Loaf({ x = 0, y = 0, s = 1 }: { x?: number; y?: number; s?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`}>
      <ellipse cx="150" cy="150" rx="135" ry="18" fill={ink} opacity="0.12" />
      <path d="M20 135 C10 60 90 30 150 30 C210 30 290 60 280 135 Z" fill="#c9793f" {...line} />
      <path
        d="M30 120 C40 70 100 48 150 48"
        fill="none"
        stroke="#e6a866"
        strokeWidth="10"
        strokeLinecap="round"
      />
      {[70, 130, 190].map((cx) => (
        <path
          key={cx}
          d={`M${cx} 70 Q${cx + 30} 62 ${cx + 48} 92`}
          fill="none"
          stroke="#f6e3c6"
          strokeWidth="9"
          strokeLinecap="round"
        />
      ))}
      <path d="M20 135 L280 135" {...line} />
    </g>
  );
}

function CakeShape({ x = 0, y = 0, s = 1 }: { x?: number; y?: number; s?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`}>
      <ellipse cx="150" cy="262" rx="140" ry="16" fill={ink} opacity="0.12" />
      <path d="M20 255 L280 255 L280 250 C280 240 20 240 20 250Z" fill="#e8d5b5" {...line} />
      <rect x="50" y="150" width="200" height="98" rx="12" fill="#f7d9d9" {...line} />
      <path d="M50 198 L250 198" stroke="#9c3d1f" strokeWidth="8" />
      <rect x="80" y="80" width="140" height="72" rx="12" fill="#fbeaea" {...line} />
      <path
        d="M80 100 C100 118 120 92 140 110 C160 128 180 96 200 112 C210 118 216 112 220 104"
        fill="none"
        stroke="#fffbf5"
        strokeWidth="8"
        strokeLinecap="round"
      />
      {[105, 150, 195].map((cx) => (
        <g key={cx}>
          <circle cx={cx} cy="70" r="13" fill="#b3262e" {...line} strokeWidth={4} />
          <path
            d={`M${cx} 57 q4 -10 12 -12`}
            fill="none"
            stroke="#4f7a3a"
            strokeWidth="4"
            strokeLinecap="round"
          />
        </g>
      ))}
      <rect x="146" y="20" width="8" height="32" rx="3" fill="#e8b04b" stroke={ink} strokeWidth="3" />
      <path d="M150 4 C158 12 156 20 150 20 C144 20 142 12 150 4Z" fill="#f29b38" />
    </g>
  );
}

function CroissantShape({ x = 0, y = 0, s = 1 }: { x?: number; y?: number; s?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`}>
      <ellipse cx="150" cy="180" rx="130" ry="14" fill={ink} opacity="0.12" />
      <path
        d="M20 150 C30 110 60 100 80 110 L120 60 C140 40 160 40 180 60 L220 110 C240 100 270 110 280 150 C250 170 200 170 150 170 C100 170 50 170 20 150Z"
        fill="#d98a3d"
        {...line}
      />
      <path d="M120 60 C135 100 165 100 180 60" fill="none" {...line} />
      <path d="M80 110 C100 140 120 150 120 168" fill="none" {...line} />
      <path d="M220 110 C200 140 180 150 180 168" fill="none" {...line} />
      <path
        d="M130 62 C140 70 160 70 170 62"
        fill="none"
        stroke="#f3c27a"
        strokeWidth="6"
        strokeLinecap="round"
      />
    </g>
  );
}

function Wheat({ x, y, r }: { x: number; y: number; r: number }) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${r})`}>
      <path d="M0 0 L0 -150" stroke="#c89a4a" strokeWidth="4" strokeLinecap="round" />
      {Array.from({ length: 6 }, (_, i) => (
        <g key={i}>
          <ellipse
            cx="-9"
            cy={-70 - i * 14}
            rx="6"
            ry="12"
            transform={`rotate(-25 -9 ${-70 - i * 14})`}
            fill="#e8b04b"
            stroke={ink}
            strokeWidth="2"
          />
          <ellipse
            cx="9"
            cy={-76 - i * 14}
            rx="6"
            ry="12"
            transform={`rotate(25 9 ${-76 - i * 14})`}
            fill="#e8b04b"
            stroke={ink}
            strokeWidth="2"
          />
        </g>
      ))}
    </g>
  );
}

const items: Record<BakeryArtKind, React.ReactNode> = {
  loaf: <Loaf x={50} y={60} />,
  cake: <CakeShape x={50} y={10} />,
  pastry: <CroissantShape x={50} y={50} />,
};

/** One baked good on a butter-coloured plate, for menu and feature cards. */
export function BakeryItemArt({
  kind,
  label,
  className,
}: {
  kind: BakeryArtKind;
  label: string;
  className?: string;
}) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 400 290" width={400} height={290} className={className}>
      <circle cx="200" cy="150" r="128" fill="#f6e3c6" />
      <circle cx="200" cy="150" r="128" fill="none" stroke="#e8b04b" strokeWidth="3" strokeDasharray="4 10" />
      {items[kind]}
    </svg>
  );
}

/** The home page hero: counter, loaf, croissant, cake and wheat. */
export function BakeryHeroArt({ label, className }: { label: string; className?: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 640 520" width={640} height={520} className={className}>
      <circle cx="340" cy="250" r="230" fill="#f6e3c6" />
      <circle cx="520" cy="90" r="46" fill="#e8b04b" opacity="0.5" />
      <Wheat x={120} y={400} r={-18} />
      <Wheat x={150} y={404} r={-6} />
      <Wheat x={560} y={400} r={16} />
      {/* counter */}
      <path d="M10 410 L630 410 L630 440 L10 440Z" fill="#a4673a" {...line} />
      <path d="M30 440 L30 520 M610 440 L610 520" {...line} />
      {[80, 200, 320, 440, 560].map((x) => (
        <path key={x} d={`M${x} 418 L${x + 60} 418`} stroke="#c48552" strokeWidth="4" strokeLinecap="round" />
      ))}
      <CakeShape x={300} y={125} s={1.0} />
      <Loaf x={40} y={252} s={0.92} />
      <CroissantShape x={250} y={290} s={0.7} />
      {/* steam */}
      {[150, 190].map((x) => (
        <path
          key={x}
          d={`M${x} 250 C${x - 14} 230 ${x + 14} 214 ${x} 194`}
          fill="none"
          stroke={ink}
          strokeWidth="3"
          strokeLinecap="round"
          opacity="0.35"
        />
      ))}
    </svg>
  );
}

/** A friendly street map of the bakery's block (decorative illustration, not a live map). */
export function BakeryMapArt({ label, className }: { label: string; className?: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 600 400" width={600} height={400} className={className}>
      <rect width="600" height="400" fill="#f1e6d3" />
      {[
        [20, 20, 160, 150],
        [220, 20, 140, 150],
        [420, 20, 160, 150],
        [20, 230, 160, 150],
        [420, 230, 160, 150],
      ].map(([x, y, w, h]) => (
        <rect
          key={`${x}-${y}`}
          x={x}
          y={y}
          width={w}
          height={h}
          rx="10"
          fill="#fbf4e8"
          stroke="#e3d2b6"
          strokeWidth="2"
        />
      ))}
      <rect
        x="220"
        y="230"
        width="140"
        height="150"
        rx="10"
        fill="#cfe0b8"
        stroke="#b5cc98"
        strokeWidth="2"
      />
      {[250, 300, 330].map((x, i) => (
        <circle key={x} cx={x} cy={270 + i * 30} r="16" fill="#8fb070" />
      ))}
      <rect x="190" y="0" width="30" height="400" fill="#ffffff" />
      <rect x="0" y="180" width="600" height="40" fill="#ffffff" />
      <rect x="380" y="0" width="30" height="400" fill="#ffffff" />
      <path d="M205 0 L205 400" stroke="#e8b04b" strokeWidth="3" strokeDasharray="10 10" />
      <text
        x="198"
        y="120"
        transform="rotate(-90 198 120)"
        fontFamily="sans-serif"
        fontSize="14"
        fill="#6b4a35"
        textAnchor="middle"
      >
        Commercial Dr
      </text>
      <text x="520" y="206" fontFamily="sans-serif" fontSize="14" fill="#6b4a35" textAnchor="middle">
        E 4th Ave
      </text>
      <text x="290" y="250" fontFamily="sans-serif" fontSize="13" fill="#3b5a2a" textAnchor="middle">
        Grandview Park
      </text>
      {/* pin */}
      <g transform="translate(160 150)">
        <ellipse cx="0" cy="30" rx="14" ry="5" fill={ink} opacity="0.2" />
        <path d="M0 30 C-26 0 -26 -30 0 -32 C26 -30 26 0 0 30Z" fill="#9c3d1f" stroke={ink} strokeWidth="3" />
        <circle cx="0" cy="-10" r="9" fill="#fffbf5" />
      </g>
      <rect x="60" y="80" width="124" height="32" rx="16" fill="#3b2416" />
      <text
        x="122"
        y="101"
        fontFamily="sans-serif"
        fontSize="14"
        fontWeight="600"
        fill="#fffbf5"
        textAnchor="middle"
      >
        Golden Crust
      </text>
    </svg>
  );
}

/** A scalloped edge between sections: the bakery's paper-doily signature. */
export function Scallop({ className, flip = false }: { className?: string; flip?: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 1200 24"
      width={1200}
      height={24}
      preserveAspectRatio="none"
      className={cn("block h-4 w-full sm:h-6", flip && "rotate-180", className)}
    >
      <path
        d={`M0 0 ${Array.from({ length: 30 }, (_, i) => `Q${i * 40 + 20} 28 ${(i + 1) * 40} 0`).join(" ")} L1200 0Z`}
        fill="currentColor"
      />
    </svg>
  );
}
