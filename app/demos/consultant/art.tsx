/**
 * Hero illustration: a growth line climbing a stylised summit. Drawn in the
 * theme's own colour variables so it always matches the palette.
 */
export function SummitChart({ label }: { label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 560 460"
      width={560}
      height={460}
      className="h-auto w-full"
    >
      <defs>
        <linearGradient id="sc-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--primary)" />
          <stop offset="1" stopColor="#2c4479" />
        </linearGradient>
        <linearGradient id="sc-peak" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f4ecd9" />
          <stop offset="1" stopColor="#c9b58a" />
        </linearGradient>
        <linearGradient id="sc-line" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="var(--accent)" stopOpacity="0.4" />
          <stop offset="1" stopColor="var(--accent)" />
        </linearGradient>
      </defs>
      <rect width="560" height="460" rx="6" fill="url(#sc-sky)" />
      {/* grid */}
      <g stroke="#ffffff" strokeOpacity="0.08">
        {[80, 160, 240, 320, 400].map((y) => (
          <line key={y} x1="0" x2="560" y1={y} y2={y} />
        ))}
        {[80, 160, 240, 320, 400, 480].map((x) => (
          <line key={x} y1="0" y2="460" x1={x} x2={x} />
        ))}
      </g>
      <circle cx="430" cy="96" r="38" fill="#f4ecd9" opacity="0.9" />
      {/* far range */}
      <path
        d="M0 330 L90 250 L150 290 L240 190 L310 250 L380 170 L470 240 L560 200 L560 460 L0 460Z"
        fill="#ffffff"
        opacity="0.08"
      />
      {/* summit */}
      <path d="M40 460 L210 230 L260 280 L330 150 L470 360 L520 460Z" fill="url(#sc-peak)" />
      <path d="M330 150 L300 196 L318 190 L330 206 L344 188 L360 200Z" fill="#ffffff" />
      <path d="M330 150 L470 360 L520 460 L400 460 L360 300Z" fill="#000000" opacity="0.12" />
      <line x1="330" y1="150" x2="330" y2="96" stroke="#f4ecd9" strokeWidth="3" />
      <path d="M330 96 L372 108 L330 122Z" fill="var(--accent)" />
      {/* growth line */}
      <polyline
        points="30,400 110,372 170,380 230,318 290,300 350,236 420,214 500,140"
        fill="none"
        stroke="url(#sc-line)"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {[
        [110, 372],
        [230, 318],
        [350, 236],
        [500, 140],
      ].map(([x, y]) => (
        <circle key={x} cx={x} cy={y} r="8" fill="var(--accent)" stroke="#ffffff" strokeWidth="3" />
      ))}
      {/* mini bar chart */}
      <g transform="translate(40 40)">
        <rect width="150" height="96" rx="4" fill="#ffffff" opacity="0.1" />
        {[22, 36, 30, 52, 64].map((h, i) => (
          <rect
            key={i}
            x={16 + i * 26}
            y={80 - h}
            width="16"
            height={h}
            rx="2"
            fill={i === 4 ? "var(--accent)" : "#ffffff"}
            opacity={i === 4 ? 1 : 0.45}
          />
        ))}
      </g>
    </svg>
  );
}
