import type * as React from "react";

/**
 * Flat, hand-drawn-style garden illustrations for the landscaper demo (self-made
 * SVG, no raster files). Each scene shares one vocabulary of hills, round-
 * crowned trees, paths and flower beds so the site has a consistent look.
 */
export type LandscapeScene = "hero" | "backyard" | "courtyard" | "park" | "evening";

const W = 800;
const H = 560;

function Tree({
  x,
  y,
  r,
  crown = "#3f7a45",
  shade = "#2f5d34",
}: {
  x: number;
  y: number;
  r: number;
  crown?: string;
  shade?: string;
}) {
  return (
    <g>
      <rect x={x - r * 0.09} y={y} width={r * 0.18} height={r * 1.1} rx={r * 0.05} fill="#6b4a2e" />
      <circle cx={x} cy={y - r * 0.2} r={r} fill={crown} />
      <circle cx={x + r * 0.45} cy={y + r * 0.15} r={r * 0.62} fill={shade} />
      <circle cx={x - r * 0.5} cy={y + r * 0.1} r={r * 0.55} fill={crown} />
      <circle cx={x - r * 0.3} cy={y - r * 0.5} r={r * 0.25} fill="#ffffff" opacity="0.12" />
    </g>
  );
}

function Pine({ x, y, h, fill = "#24482a" }: { x: number; y: number; h: number; fill?: string }) {
  return <path d={`M${x} ${y - h} L${x + h * 0.3} ${y} L${x - h * 0.3} ${y}Z`} fill={fill} />;
}

function Flowers({ x, y, w, colors }: { x: number; y: number; w: number; colors: string[] }) {
  return (
    <g>
      <rect x={x} y={y} width={w} height="34" rx="17" fill="#4f8a4a" />
      {Array.from({ length: Math.floor(w / 18) }, (_, i) => (
        <circle
          key={i}
          cx={x + 12 + i * 18}
          cy={y + 8 + (i % 2) * 10}
          r="6"
          fill={colors[i % colors.length]}
        />
      ))}
    </g>
  );
}

function Sky({ id, top, bottom }: { id: string; top: string; bottom: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset="1" stopColor={bottom} />
        </linearGradient>
      </defs>
      <rect width={W} height={H} fill={`url(#${id}-sky)`} />
    </>
  );
}

const scenes: Record<LandscapeScene, (id: string) => React.ReactNode> = {
  hero: (id) => (
    <>
      <Sky id={id} top="#cfe3d0" bottom="#f3efdc" />
      <circle cx="640" cy="110" r="46" fill="#f6d58e" />
      <path d="M0 300 C160 220 300 260 420 230 C560 196 680 240 800 210 L800 560 L0 560Z" fill="#9cc196" />
      <path d="M0 350 C200 300 360 330 520 300 C640 280 720 300 800 290 L800 560 L0 560Z" fill="#74a56d" />
      {[60, 120, 700, 760].map((x, i) => (
        <Pine key={x} x={x} y={330 - (i % 2) * 10} h={90 + (i % 2) * 20} />
      ))}
      <path d="M0 400 C240 370 520 380 800 360 L800 560 L0 560Z" fill="#5d9457" />
      {/* stone path */}
      <path
        d="M430 560 C420 500 360 470 380 420 C392 392 440 384 470 372"
        fill="none"
        stroke="#e9e1cc"
        strokeWidth="46"
        strokeLinecap="round"
      />
      {[
        [428, 530],
        [396, 478],
        [392, 426],
        [440, 388],
      ].map(([x, y]) => (
        <ellipse key={x + "-" + y} cx={x} cy={y} rx="20" ry="9" fill="#cbbf9f" />
      ))}
      <Tree x={600} y={300} r={70} />
      <Tree x={210} y={330} r={52} crown="#4f8a4a" shade="#3a6b3d" />
      <Flowers x={60} y={470} w={250} colors={["#e0795a", "#f4c65a", "#f0f0e6"]} />
      <Flowers x={520} y={470} w={230} colors={["#b7569b", "#f4c65a", "#e0795a"]} />
      {/* house corner */}
      <path d="M690 330 L800 270 L800 420 L690 420Z" fill="#e7dcc6" />
      <path d="M680 336 L800 266 L800 250 L680 320Z" fill="#9a4a1f" />
      <rect x="720" y="350" width="34" height="44" fill="#8fb3c9" />
    </>
  ),
  backyard: (id) => (
    <>
      <Sky id={id} top="#d8e9f0" bottom="#f4f1e4" />
      <path d="M0 260 L800 230 L800 560 L0 560Z" fill="#7fb072" />
      <rect x="0" y="200" width="800" height="50" fill="#8c6b4a" />
      {Array.from({ length: 20 }, (_, i) => (
        <rect key={i} x={i * 40} y="196" width="36" height="58" fill="#a37c55" />
      ))}
      <path d="M0 360 L800 330 L800 560 L0 560Z" fill="#6aa05f" />
      <path d="M260 560 L320 380 L620 380 L700 560Z" fill="#d9cdb2" />
      {Array.from({ length: 5 }, (_, r) =>
        Array.from({ length: 6 }, (_, c) => (
          <path
            key={`${r}-${c}`}
            d={`M${330 - r * 14 + c * (50 + r * 5)} ${392 + r * 34} l${44 + r * 5} 0 l2 28 l-${46 + r * 5} 0Z`}
            fill="#c3b592"
          />
        )),
      )}
      <Tree x={120} y={260} r={60} />
      <Tree x={690} y={250} r={54} crown="#4f8a4a" shade="#3a6b3d" />
      <Flowers x={20} y={400} w={200} colors={["#e0795a", "#f4c65a"]} />
      <Flowers x={620} y={380} w={170} colors={["#b7569b", "#f0f0e6"]} />
      <rect x="420" y="420" width="90" height="8" rx="4" fill="#6b4a2e" />
      <rect x="430" y="428" width="8" height="30" fill="#6b4a2e" />
      <rect x="492" y="428" width="8" height="30" fill="#6b4a2e" />
    </>
  ),
  courtyard: (id) => (
    <>
      <Sky id={id} top="#e6ecef" bottom="#f6f3ea" />
      <rect x="0" y="60" width="800" height="260" fill="#c9ced3" />
      {Array.from({ length: 6 }, (_, i) => (
        <rect key={i} x={40 + i * 130} y="100" width="90" height="150" fill="#8fb3c9" opacity="0.8" />
      ))}
      <rect y="320" width="800" height="240" fill="#e4ddd0" />
      {Array.from({ length: 8 }, (_, i) => (
        <line key={i} x1={i * 110} y1="320" x2={i * 110 - 120} y2="560" stroke="#d2c9b8" strokeWidth="3" />
      ))}
      {[90, 330, 570].map((x) => (
        <g key={x}>
          <rect x={x} y="360" width="150" height="70" rx="6" fill="#a0673d" />
          <rect x={x} y="360" width="150" height="12" fill="#b97c4f" />
          <Tree x={x + 75} y={300} r={48} />
          <Flowers x={x + 8} y={340} w={134} colors={["#f4c65a", "#e0795a", "#f0f0e6"]} />
        </g>
      ))}
      <rect x="250" y="470" width="300" height="14" rx="4" fill="#6b4a2e" />
      <rect x="270" y="484" width="10" height="40" fill="#6b4a2e" />
      <rect x="520" y="484" width="10" height="40" fill="#6b4a2e" />
    </>
  ),
  park: (id) => (
    <>
      <Sky id={id} top="#bfdcec" bottom="#eef3e2" />
      <circle cx="150" cy="100" r="40" fill="#f6d58e" />
      <path d="M0 230 C200 190 420 240 800 200 L800 560 L0 560Z" fill="#8dbb7f" />
      {[40, 90, 150, 640, 700, 760].map((x, i) => (
        <Pine key={x} x={x} y={240} h={80 + (i % 3) * 18} fill="#2f5d34" />
      ))}
      <path d="M0 300 C260 270 520 300 800 280 L800 560 L0 560Z" fill="#9fca7c" />
      <path
        d="M-20 560 C180 480 120 400 360 380 C560 362 620 320 820 300"
        fill="none"
        stroke="#e9e1cc"
        strokeWidth="34"
      />
      {Array.from({ length: 70 }, (_, i) => (
        <circle
          key={i}
          cx={(i * 97) % 800}
          cy={420 + ((i * 53) % 130)}
          r="5"
          fill={["#f4c65a", "#b7569b", "#f0f0e6", "#e0795a"][i % 4]}
        />
      ))}
      <Tree x={520} y={250} r={66} />
      <Tree x={300} y={270} r={44} crown="#4f8a4a" shade="#3a6b3d" />
      <rect x="610" y="380" width="80" height="8" rx="4" fill="#6b4a2e" />
    </>
  ),
  evening: (id) => (
    <>
      <Sky id={id} top="#1f2b4a" bottom="#6a5a7a" />
      {Array.from({ length: 24 }, (_, i) => (
        <circle key={i} cx={(i * 131) % 800} cy={(i * 47) % 180} r="1.8" fill="#ffffff" opacity="0.7" />
      ))}
      <circle cx="660" cy="80" r="28" fill="#f3ead2" />
      <path d="M0 320 L800 300 L800 560 L0 560Z" fill="#2c3d2e" />
      <path d="M120 560 C200 470 330 430 420 380" fill="none" stroke="#8b8574" strokeWidth="40" />
      {[
        [200, 250, 62],
        [470, 240, 74],
        [680, 260, 56],
      ].map(([x, y, r]) => (
        <g key={x}>
          <ellipse cx={x} cy={(y ?? 0) + 130} rx={(r ?? 0) * 1.1} ry="22" fill="#f6c86b" opacity="0.25" />
          <Tree x={x ?? 0} y={y ?? 0} r={r ?? 0} crown="#a8442a" shade="#7d2f1f" />
          <path
            d={`M${(x ?? 0) - 8} ${(y ?? 0) + 130} L${x} ${(y ?? 0) - 20} L${(x ?? 0) + 8} ${(y ?? 0) + 130}Z`}
            fill="#f6c86b"
            opacity="0.35"
          />
        </g>
      ))}
      {[230, 300, 380].map((x, i) => (
        <g key={x}>
          <circle cx={x - i * 20} cy={490 - i * 40} r="16" fill="#f6c86b" opacity="0.3" />
          <circle cx={x - i * 20} cy={490 - i * 40} r="5" fill="#fde7a8" />
        </g>
      ))}
    </>
  ),
};

export function GardenArt({
  scene,
  label,
  id,
  className,
}: {
  scene: LandscapeScene;
  label: string;
  id: string;
  className?: string;
}) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      className={className}
      preserveAspectRatio="xMidYMid slice"
    >
      {scenes[scene](id)}
    </svg>
  );
}

/** The big pale leaf behind the inner pages' header. */
export function HeaderLeaf({ className }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 200 200" width={200} height={200} className={className}>
      <path d="M100 10 C160 40 190 100 100 190 C10 100 40 40 100 10Z" fill="currentColor" />
      <path d="M100 30 L100 180" stroke="currentColor" strokeWidth="4" />
    </svg>
  );
}
