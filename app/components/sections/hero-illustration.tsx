/**
 * The home hero's artwork: a browser window with a site being built, a phone
 * showing the same site, and a rising results chart. Self-made SVG with a
 * fixed viewBox and explicit size, coloured by the theme tokens; decorative.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden
      focusable="false"
      width="560"
      height="440"
      viewBox="0 0 560 440"
      className={className}
      // The launch badge sits at the canvas edge; its shadow may spill past the box.
      overflow="visible"
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--primary)" stopOpacity="0.16" />
          <stop offset="1" stopColor="var(--accent)" stopOpacity="0.14" />
        </linearGradient>
        <linearGradient id="hero-banner" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="var(--primary)" />
          <stop offset="1" stopColor="var(--accent)" />
        </linearGradient>
        <linearGradient id="hero-chart" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--accent)" stopOpacity="0.35" />
          <stop offset="1" stopColor="var(--accent)" stopOpacity="0" />
        </linearGradient>
        {/* One region in canvas units for every card: a share of a small card's box clipped its shadow. */}
        <filter id="hero-shadow" filterUnits="userSpaceOnUse" x="-40" y="-40" width="640" height="540">
          <feDropShadow dx="0" dy="14" stdDeviation="14" floodColor="#0b1324" floodOpacity="0.14" />
        </filter>
      </defs>

      {/* Backdrop: soft blob and mountain-and-wave motif of the brand. */}
      <path d="M70 90C140 20 330 0 440 60s120 190 60 280-250 100-360 60S0 160 70 90Z" fill="url(#hero-sky)" />
      <path d="M96 360 190 250l52 62 40-44 96 92Z" fill="var(--primary)" opacity="0.1" />

      {/* Browser window */}
      <g filter="url(#hero-shadow)">
        <rect x="40" y="58" width="400" height="290" rx="18" fill="var(--card)" stroke="var(--border)" />
        <path d="M40 76a18 18 0 0 1 18-18h364a18 18 0 0 1 18 18v16H40Z" fill="var(--muted)" />
        <circle cx="62" cy="75" r="5" fill="#f87171" />
        <circle cx="80" cy="75" r="5" fill="#fbbf24" />
        <circle cx="98" cy="75" r="5" fill="#34d399" />
        <rect x="126" y="68" width="220" height="14" rx="7" fill="var(--card)" stroke="var(--border)" />
        {/* Site header */}
        <rect x="62" y="108" width="58" height="10" rx="5" fill="var(--foreground)" opacity="0.85" />
        <rect x="250" y="109" width="34" height="8" rx="4" fill="var(--muted-foreground)" opacity="0.45" />
        <rect x="292" y="109" width="34" height="8" rx="4" fill="var(--muted-foreground)" opacity="0.45" />
        <rect x="352" y="104" width="66" height="18" rx="9" fill="var(--primary)" />
        {/* Hero banner */}
        <rect x="62" y="136" width="356" height="92" rx="12" fill="url(#hero-banner)" />
        <rect x="82" y="158" width="150" height="12" rx="6" fill="#fff" />
        <rect x="82" y="178" width="110" height="12" rx="6" fill="#fff" opacity="0.85" />
        <rect x="82" y="200" width="64" height="14" rx="7" fill="#fff" opacity="0.95" />
        <path d="M300 214l38-44 22 26 16-16 30 34Z" fill="#fff" opacity="0.3" />
        <circle cx="376" cy="164" r="11" fill="#fff" opacity="0.5" />
        {/* Three cards */}
        {[62, 184, 306].map((x) => (
          <g key={x}>
            <rect x={x} y="244" width="112" height="84" rx="10" fill="var(--card)" stroke="var(--border)" />
            <rect x={x + 14} y="258" width="22" height="22" rx="6" fill="var(--secondary)" />
            <rect x={x + 14} y="290" width="70" height="8" rx="4" fill="var(--foreground)" opacity="0.7" />
            <rect
              x={x + 14}
              y="306"
              width="84"
              height="6"
              rx="3"
              fill="var(--muted-foreground)"
              opacity="0.35"
            />
          </g>
        ))}
      </g>

      {/* Results card with a rising chart */}
      <g filter="url(#hero-shadow)">
        <rect x="300" y="280" width="200" height="120" rx="16" fill="var(--card)" stroke="var(--border)" />
        <rect x="318" y="298" width="70" height="8" rx="4" fill="var(--muted-foreground)" opacity="0.5" />
        <rect x="318" y="314" width="52" height="14" rx="7" fill="var(--foreground)" opacity="0.85" />
        <rect x="440" y="298" width="42" height="18" rx="9" fill="var(--accent)" opacity="0.15" />
        <path
          d="M448 311l6-6 6 6"
          stroke="var(--accent)"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M318 384 350 366 378 372 410 350 440 356 482 330V388H318Z" fill="url(#hero-chart)" />
        <path
          d="M318 384 350 366 378 372 410 350 440 356 482 330"
          stroke="var(--accent)"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="482" cy="330" r="5" fill="var(--accent)" />
      </g>

      {/* Phone showing the same site */}
      <g filter="url(#hero-shadow)">
        <rect x="456" y="110" width="92" height="178" rx="16" fill="var(--foreground)" />
        <rect x="462" y="118" width="80" height="162" rx="11" fill="var(--card)" />
        <rect x="490" y="122" width="24" height="5" rx="2.5" fill="var(--foreground)" />
        <rect x="470" y="136" width="64" height="50" rx="8" fill="url(#hero-banner)" />
        <rect x="478" y="148" width="38" height="6" rx="3" fill="#fff" />
        <rect x="478" y="160" width="28" height="6" rx="3" fill="#fff" opacity="0.85" />
        <rect x="478" y="172" width="20" height="7" rx="3.5" fill="#fff" />
        <rect x="470" y="194" width="64" height="30" rx="6" fill="var(--muted)" />
        <rect x="470" y="230" width="64" height="30" rx="6" fill="var(--muted)" />
        <rect x="476" y="202" width="30" height="5" rx="2.5" fill="var(--foreground)" opacity="0.6" />
        <rect x="476" y="238" width="36" height="5" rx="2.5" fill="var(--foreground)" opacity="0.6" />
      </g>

      {/* Launch badge */}
      <g filter="url(#hero-shadow)">
        <rect x="10" y="300" width="150" height="56" rx="14" fill="var(--card)" stroke="var(--border)" />
        <circle cx="38" cy="328" r="14" fill="var(--primary)" />
        <path
          d="m31 328 5 5 9-10"
          stroke="#fff"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect x="60" y="318" width="78" height="8" rx="4" fill="var(--foreground)" opacity="0.8" />
        <rect x="60" y="332" width="56" height="7" rx="3.5" fill="var(--muted-foreground)" opacity="0.45" />
      </g>

      {/* Sparkles */}
      <path d="M500 58l4 10 10 4-10 4-4 10-4-10-10-4 10-4Z" fill="var(--primary)" opacity="0.6" />
      <path d="M30 120l3 7 7 3-7 3-3 7-3-7-7-3 7-3Z" fill="var(--accent)" opacity="0.6" />
    </svg>
  );
}
