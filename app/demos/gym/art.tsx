import type * as React from "react";

/** Self-made imagery of the gym demo: a loaded barbell, a kettlebell, speed slashes. */

/** Hero art: a loaded barbell on a lime slash. */
export function LoadedBarbell(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 560 420"
      width="560"
      height="420"
      role="img"
      aria-label="Illustration of a loaded barbell on a lime stripe"
      {...props}
    >
      <path d="M120 420 L330 0 H470 L260 420 Z" fill="#c6f135" />
      <path d="M300 420 L400 220 H440 L340 420 Z" fill="#ff6a2b" />
      <g transform="rotate(-14 280 220)">
        <rect x="20" y="212" width="520" height="16" rx="3" fill="#d4d4d8" />
        <rect x="60" y="204" width="14" height="32" fill="#a1a1aa" />
        <rect x="486" y="204" width="14" height="32" fill="#a1a1aa" />
        {[74, 112, 146].map((x, i) => (
          <g key={x}>
            <rect
              x={x}
              y={220 - (120 - i * 22)}
              width={i === 2 ? 24 : 34}
              height={(120 - i * 22) * 2}
              rx="6"
              fill="#17171b"
              stroke="#f4f4f5"
              strokeWidth="4"
            />
            <rect
              x={486 - (x - 74) - (i === 2 ? 24 : 34)}
              y={220 - (120 - i * 22)}
              width={i === 2 ? 24 : 34}
              height={(120 - i * 22) * 2}
              rx="6"
              fill="#17171b"
              stroke="#f4f4f5"
              strokeWidth="4"
            />
          </g>
        ))}
        <text
          x="91"
          y="226"
          textAnchor="middle"
          fontFamily="Oswald Variable, sans-serif"
          fontWeight="700"
          fontSize="14"
          fill="#c6f135"
          transform="rotate(-90 91 222)"
        >
          20 KG
        </text>
        <text
          x="469"
          y="226"
          textAnchor="middle"
          fontFamily="Oswald Variable, sans-serif"
          fontWeight="700"
          fontSize="14"
          fill="#c6f135"
          transform="rotate(-90 469 222)"
        >
          20 KG
        </text>
      </g>
    </svg>
  );
}

/** About art: a kettlebell with the club mark. */
export function Kettlebell(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 320 360"
      width="320"
      height="360"
      role="img"
      aria-label="Illustration of an Ironside kettlebell"
      {...props}
    >
      <rect x="0" y="300" width="320" height="14" fill="#c6f135" />
      <path
        d="M98 150 C 70 40 250 40 222 150"
        fill="none"
        stroke="#f4f4f5"
        strokeWidth="26"
        strokeLinecap="round"
      />
      <path
        d="M160 118 C 70 118 44 190 60 250 C 70 290 110 300 160 300 C 210 300 250 290 260 250 C 276 190 250 118 160 118 Z"
        fill="#26262c"
        stroke="#f4f4f5"
        strokeWidth="6"
      />
      <text
        x="160"
        y="230"
        textAnchor="middle"
        fontFamily="Oswald Variable, sans-serif"
        fontWeight="700"
        fontSize="54"
        fill="#c6f135"
      >
        24
      </text>
      <text
        x="160"
        y="258"
        textAnchor="middle"
        fontFamily="Archivo Variable, sans-serif"
        fontWeight="700"
        fontSize="14"
        letterSpacing="4"
        fill="#f4f4f5"
      >
        IRONSIDE
      </text>
      <path
        d="M24 80 L60 80 M12 100 L54 100 M30 120 L62 120"
        stroke="#ff6a2b"
        strokeWidth="6"
        strokeLinecap="square"
      />
    </svg>
  );
}

/** Three speed slashes used as a section marker. */
export function Slashes({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 20" width="48" height="20" aria-hidden className={className}>
      <path
        d="M8 20 L16 0 H22 L14 20 Z M22 20 L30 0 H36 L28 20 Z M36 20 L44 0 H50 L42 20 Z"
        fill="currentColor"
      />
    </svg>
  );
}
