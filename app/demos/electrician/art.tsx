import type * as React from "react";
import { useId } from "react";

/** Self-made imagery of the electrician demo: blueprint grid, house with live circuit, panel. */

/** A faint blueprint grid laid behind dark sections. */
export function BlueprintGrid({ className }: { className?: string }) {
  // Unique pattern ids: the grid appears in several sections of one page.
  const id = useId().replace(/:/g, "");
  return (
    <svg aria-hidden className={className} width="100%" height="100%" xmlns="http://www.w3.org/2000/svg">
      <defs>
        <pattern id={`${id}-s`} width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M24 0H0V24" fill="none" stroke="currentColor" strokeOpacity="0.07" strokeWidth="1" />
        </pattern>
        <pattern id={`${id}-g`} width="120" height="120" patternUnits="userSpaceOnUse">
          <rect width="120" height="120" fill={`url(#${id}-s)`} />
          <path d="M120 0H0V120" fill="none" stroke="currentColor" strokeOpacity="0.14" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${id}-g)`} />
    </svg>
  );
}

/** Hero art: a house drawn as a wiring diagram, the bolt in safety yellow. */
export function CircuitHouse(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 480 400"
      width="480"
      height="400"
      role="img"
      aria-label="Illustration of a house wired with a glowing circuit"
      {...props}
    >
      <defs>
        <radialGradient id="bl-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0%" stopColor="#facc15" stopOpacity="0.45" />
          <stop offset="100%" stopColor="#facc15" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="250" cy="210" r="170" fill="url(#bl-glow)" />
      {/* house outline */}
      <g fill="none" stroke="#e2e8f0" strokeWidth="3" strokeLinejoin="round">
        <path d="M90 200 L240 80 L390 200" />
        <path d="M115 185 V340 H365 V185" />
        <rect x="150" y="230" width="60" height="55" rx="3" />
        <rect x="270" y="250" width="60" height="90" rx="3" />
        <path d="M330 112 V70 H360 V136" />
      </g>
      {/* wiring runs */}
      <g fill="none" stroke="#facc15" strokeWidth="3" strokeLinecap="round" strokeDasharray="2 9">
        <path d="M40 360 H115" />
        <path d="M180 230 V200 H300 V250" />
        <path d="M240 200 V150" />
      </g>
      <g fill="none" stroke="#94a3b8" strokeWidth="2">
        <path d="M20 360 H460" />
      </g>
      {/* panel, fixtures */}
      <rect x="128" y="300" width="30" height="36" rx="2" fill="#1e293b" stroke="#facc15" strokeWidth="2.5" />
      <path d="M134 310 H152 M134 318 H152 M134 326 H152" stroke="#facc15" strokeWidth="2" />
      <circle cx="240" cy="144" r="14" fill="#facc15" />
      <path d="M232 160 H248" stroke="#e2e8f0" strokeWidth="3" />
      <circle cx="180" cy="257" r="5" fill="#facc15" />
      <circle cx="300" cy="295" r="4" fill="#e2e8f0" />
      {/* bolt */}
      <path
        d="M408 40 L372 118 H400 L380 190 L446 96 H414 L436 40 Z"
        fill="#facc15"
        stroke="#0f172a"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      {/* nodes */}
      <g fill="#0f172a" stroke="#facc15" strokeWidth="2.5">
        <circle cx="40" cy="360" r="6" />
        <circle cx="300" cy="200" r="5" />
        <circle cx="180" cy="200" r="5" />
      </g>
    </svg>
  );
}

/** About art: an open breaker panel with labelled circuits. */
export function BreakerPanel(props: React.SVGProps<SVGSVGElement>) {
  const rows = [0, 1, 2, 3, 4, 5];
  return (
    <svg
      viewBox="0 0 360 420"
      width="360"
      height="420"
      role="img"
      aria-label="Illustration of a neatly labelled breaker panel"
      {...props}
    >
      <rect x="20" y="10" width="320" height="400" rx="14" fill="#1e293b" />
      <rect x="44" y="34" width="272" height="352" rx="8" fill="#0f172a" stroke="#334155" strokeWidth="2" />
      <rect x="150" y="50" width="60" height="34" rx="4" fill="#facc15" />
      <path
        d="M172 58 L164 72 H178 L170 80"
        fill="none"
        stroke="#0f172a"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      {rows.map((r) => (
        <g key={r} transform={`translate(0 ${104 + r * 44})`}>
          <rect x="64" y="0" width="100" height="30" rx="4" fill="#334155" />
          <rect x="196" y="0" width="100" height="30" rx="4" fill="#334155" />
          <rect
            x={r % 3 === 1 ? 132 : 118}
            y="6"
            width="26"
            height="18"
            rx="3"
            fill={r === 2 ? "#facc15" : "#e2e8f0"}
          />
          <rect x={r % 2 ? 202 : 216} y="6" width="26" height="18" rx="3" fill="#e2e8f0" />
          <rect x="72" y="11" width="34" height="8" rx="2" fill="#64748b" />
          <rect x="254" y="11" width="34" height="8" rx="2" fill="#64748b" />
        </g>
      ))}
      <circle cx="330" cy="210" r="6" fill="#475569" />
    </svg>
  );
}
