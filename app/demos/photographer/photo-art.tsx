import type * as React from "react";

import { photoSrc } from "./content";

/**
 * Generated "photographs" for the portfolio demo: each scene is drawn from
 * gradients and simple shapes, deterministic (seeded), so the gallery looks
 * photographic without shipping or hotlinking a single raster file.
 *
 * Below the fold each photograph is its own SVG file (photo-file.tsx, prerendered)
 * shown with a lazy <img>: inline, the eleven drawings were 52 of the page's 83 KB
 * of HTML, parsed, styled and laid out with the page before its first paint on
 * every load, even the frames far below the fold. Only the hero stays inline.
 */
export type PhotoScene =
  | "mountains"
  | "lake"
  | "sea"
  | "city"
  | "forest"
  | "bloom"
  | "dunes"
  | "architecture"
  | "portrait"
  | "portrait-cool"
  | "portrait-warm";

const sizes: Record<PhotoScene, [number, number]> = {
  mountains: [1600, 720],
  lake: [1200, 800],
  sea: [1200, 800],
  city: [1200, 900],
  forest: [800, 1000],
  bloom: [900, 900],
  dunes: [1200, 800],
  architecture: [800, 1000],
  portrait: [800, 1000],
  "portrait-cool": [800, 1000],
  "portrait-warm": [800, 1040],
};

export function photoSize(scene: PhotoScene) {
  return sizes[scene];
}

/** Small seeded PRNG so server and browser draw the same picture. */
function rng(seed: number) {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

function seedOf(id: string) {
  return [...id].reduce((a, ch) => a * 31 + ch.charCodeAt(0), 7);
}

function ridge(rand: () => number, w: number, base: number, amp: number, steps: number) {
  let d = `M0 ${base}`;
  for (let i = 1; i <= steps; i++) {
    const x = (w / steps) * i;
    const y = base - rand() * amp;
    d += ` L${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return d;
}

function Sky({ id, stops }: { id: string; stops: string[] }) {
  return (
    <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
      {stops.map((c, i) => (
        <stop key={c + i} offset={i / (stops.length - 1)} stopColor={c} />
      ))}
    </linearGradient>
  );
}

/** Head-and-shoulders silhouette in profile, centred on (0, 0). */
function figure(w: number, h: number) {
  return `M${-w * 0.42} ${h * 0.6} C${-w * 0.4} ${h * 0.3} ${-w * 0.2} ${h * 0.22} ${-w * 0.06} ${h * 0.18} L${-w * 0.04} ${h * 0.08} C${-w * 0.2} ${h * 0.02} ${-w * 0.22} ${-h * 0.16} ${-w * 0.1} ${-h * 0.22} C${w * 0.02} ${-h * 0.28} ${w * 0.16} ${-h * 0.2} ${w * 0.15} ${-h * 0.08} L${w * 0.2} ${-h * 0.01} L${w * 0.15} ${h * 0.02} C${w * 0.14} ${h * 0.08} ${w * 0.1} ${h * 0.1} ${w * 0.06} ${h * 0.1} L${w * 0.07} ${h * 0.18} C${w * 0.22} ${h * 0.22} ${w * 0.4} ${h * 0.3} ${w * 0.42} ${h * 0.6}Z`;
}

/** A horizontal band of haze that fades in and out (no hard edges). */
function Mist({
  id,
  y,
  height,
  w,
  color,
  opacity,
}: {
  id: string;
  y: number;
  height: number;
  w: number;
  color: string;
  opacity: number;
}) {
  return (
    <>
      <linearGradient id={`${id}-mist-${Math.round(y)}`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor={color} stopOpacity="0" />
        <stop offset="0.5" stopColor={color} stopOpacity={opacity} />
        <stop offset="1" stopColor={color} stopOpacity="0" />
      </linearGradient>
      <rect y={y} width={w} height={height} fill={`url(#${id}-mist-${Math.round(y)})`} />
    </>
  );
}

function scene(kind: PhotoScene, id: string, w: number, h: number): React.ReactNode {
  const rand = rng(seedOf(id));
  const sky = `url(#${id}-sky)`;
  switch (kind) {
    case "mountains":
    case "lake": {
      const layers =
        kind === "mountains"
          ? ["#51607f", "#3b4767", "#29324d", "#1b2136"]
          : ["#6d8fa6", "#41627a", "#2b4256"];
      const horizon = kind === "lake" ? h * 0.58 : h;
      return (
        <>
          <defs>
            <Sky
              id={id}
              stops={
                kind === "mountains"
                  ? ["#f6c9a8", "#e9a68a", "#8f8aa6", "#51607f"]
                  : ["#fde6c4", "#b7d4d9", "#6d8fa6"]
              }
            />
            <linearGradient id={`${id}-water`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#3fa5a1" />
              <stop offset="1" stopColor="#134a55" />
            </linearGradient>
          </defs>
          <rect width={w} height={h} fill={sky} />
          <circle cx={w * 0.68} cy={h * 0.34} r={h * 0.09} fill="#fff4e0" opacity="0.85" />
          {kind === "lake" && (
            <path
              d={`M${w * 0.35} ${horizon} L${w * 0.55} ${h * 0.12} L${w * 0.62} ${h * 0.2} L${w * 0.8} ${horizon}Z`}
              fill="#eef3f5"
            />
          )}
          {layers.map((c, i) => {
            const base = kind === "lake" ? horizon : h * (0.55 + i * 0.13);
            const amp = kind === "lake" ? h * (0.32 - i * 0.08) : h * (0.28 - i * 0.03);
            return (
              <g key={c}>
                <path
                  d={`${ridge(rand, w, base, amp, 9 + i * 3)} L${w} ${h} L0 ${h}Z`}
                  fill={c}
                  opacity={0.94}
                />
                {kind === "mountains" && i < layers.length - 1 && (
                  <Mist
                    id={`${id}-${i}`}
                    y={base - amp * 0.2}
                    height={amp * 0.6}
                    w={w}
                    color="#f3d9cc"
                    opacity={0.28}
                  />
                )}
              </g>
            );
          })}
          {kind === "lake" && (
            <>
              <rect y={horizon} width={w} height={h - horizon} fill={`url(#${id}-water)`} />
              {Array.from({ length: 14 }, (_, i) => (
                <rect
                  key={i}
                  x={rand() * w}
                  y={horizon + 12 + rand() * (h - horizon - 20)}
                  width={40 + rand() * 160}
                  height="2"
                  fill="#ffffff"
                  opacity="0.25"
                />
              ))}
            </>
          )}
          {kind === "mountains" && (
            <Mist id={id} y={h * 0.5} height={h * 0.3} w={w} color="#f6e6da" opacity={0.35} />
          )}
        </>
      );
    }
    case "sea":
      return (
        <>
          <defs>
            <Sky id={id} stops={["#2d3557", "#a45a6b", "#f09a6a", "#ffd59b"]} />
            <linearGradient id={`${id}-water`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#6f5a7a" />
              <stop offset="1" stopColor="#1d2440" />
            </linearGradient>
          </defs>
          <rect width={w} height={h * 0.62} fill={sky} />
          <circle cx={w * 0.5} cy={h * 0.6} r={h * 0.1} fill="#fff0c9" />
          <rect y={h * 0.62} width={w} height={h * 0.38} fill={`url(#${id}-water)`} />
          {Array.from({ length: 22 }, (_, i) => {
            const y = h * 0.64 + i * (h * 0.016);
            const half = (h * 0.1 - i * 2.5) * (0.8 + rand() * 0.5);
            return (
              <rect
                key={i}
                x={w * 0.5 - half}
                y={y}
                width={Math.max(half * 2, 6)}
                height="3"
                fill="#ffd59b"
                opacity={0.75 - i * 0.03}
              />
            );
          })}
          <path
            d={`M0 ${h * 0.9} Q${w * 0.3} ${h * 0.84} ${w * 0.55} ${h * 0.92} T${w} ${h * 0.9} L${w} ${h} L0 ${h}Z`}
            fill="#141a30"
            opacity="0.8"
          />
        </>
      );
    case "city":
      return (
        <>
          <defs>
            <Sky id={id} stops={["#1d1b3a", "#4b2d6b", "#b35d7d", "#f2a477"]} />
          </defs>
          <rect width={w} height={h} fill={sky} />
          {(() => {
            // Lit windows as one path per brightness step instead of a <rect> each
            // (hundreds of elements): a fraction of the markup and of the layout work.
            const lit: string[][] = [[], [], []];
            const towers = Array.from({ length: 11 }, (_, i) => {
              const bw = w / 11;
              const bh = h * (0.3 + rand() * 0.45);
              const x = i * bw;
              for (let wy = h - bh + 18; wy < h - 20; wy += 26) {
                for (let wx = x + 10; wx < x + bw - 16; wx += 20) {
                  if (rand() > 0.55)
                    lit[Math.min(2, Math.floor(rand() * 3))]!.push(
                      `M${Math.round(wx)} ${Math.round(wy)}h9v12h-9z`,
                    );
                }
              }
              return (
                <rect
                  key={i}
                  x={x}
                  y={h - bh}
                  width={bw - 4}
                  height={bh}
                  fill={i % 2 ? "#171628" : "#201e36"}
                />
              );
            });
            return (
              <>
                {towers}
                {lit.map((d, step) => (
                  <path key={step} d={d.join("")} fill="#ffd38a" opacity={0.6 + step * 0.2} />
                ))}
              </>
            );
          })()}
          <rect y={h * 0.94} width={w} height={h * 0.06} fill="#0d0c1a" />
        </>
      );
    case "forest":
      return (
        <>
          <defs>
            <Sky id={id} stops={["#dfe5df", "#c5d0c8", "#9fb1a6"]} />
          </defs>
          <rect width={w} height={h} fill={sky} />
          {[0.2, 0.4, 0.65, 0.95].map((op, row) =>
            Array.from({ length: 7 + row }, (_, i) => {
              const tw = w / (5 + row) + rand() * 30;
              const cx = (w / (6 + row)) * i + rand() * 40 - 20;
              const top = h * (0.18 + row * 0.1) + rand() * 60;
              const bottom = h * (0.62 + row * 0.12);
              return (
                <path
                  key={`${row}-${i}`}
                  d={`M${cx} ${top} L${cx + tw / 2} ${bottom} L${cx - tw / 2} ${bottom}Z`}
                  fill="#1e3326"
                  opacity={op}
                />
              );
            }),
          )}
          <Mist id={id} y={h * 0.42} height={h * 0.34} w={w} color="#eef2ee" opacity={0.55} />
        </>
      );
    case "bloom":
      return (
        <>
          <defs>
            <radialGradient id={`${id}-sky`} cx="0.5" cy="0.5" r="0.7">
              <stop offset="0" stopColor="#fbe3e8" />
              <stop offset="1" stopColor="#5e3b52" />
            </radialGradient>
            <radialGradient id={`${id}-petal`} cx="0.3" cy="0.2" r="1">
              <stop offset="0" stopColor="#fff5f7" />
              <stop offset="0.6" stopColor="#f2a9bd" />
              <stop offset="1" stopColor="#b5577a" />
            </radialGradient>
          </defs>
          <rect width={w} height={h} fill={sky} />
          {Array.from({ length: 7 }, (_, i) => (
            <ellipse
              key={i}
              cx={w / 2}
              cy={h / 2 - h * 0.2}
              rx={w * 0.13}
              ry={h * 0.26}
              fill={`url(#${id}-petal)`}
              opacity="0.92"
              transform={`rotate(${i * (360 / 7) + rand() * 10} ${w / 2} ${h / 2})`}
            />
          ))}
          <circle cx={w / 2} cy={h / 2} r={w * 0.06} fill="#f7d489" />
        </>
      );
    case "dunes":
      return (
        <>
          <defs>
            <Sky id={id} stops={["#f8d9a8", "#efb783", "#d98f6c"]} />
          </defs>
          <rect width={w} height={h} fill={sky} />
          <path
            d={`M0 ${h * 0.55} Q${w * 0.3} ${h * 0.35} ${w * 0.6} ${h * 0.58} T${w} ${h * 0.5} L${w} ${h} L0 ${h}Z`}
            fill="#d48656"
          />
          <path
            d={`M0 ${h * 0.72} Q${w * 0.4} ${h * 0.5} ${w * 0.7} ${h * 0.75} T${w} ${h * 0.7} L${w} ${h} L0 ${h}Z`}
            fill="#b5643c"
          />
          <path d={`M${w * 0.2} ${h} Q${w * 0.5} ${h * 0.66} ${w} ${h * 0.82} L${w} ${h}Z`} fill="#7d3f24" />
        </>
      );
    case "architecture":
      return (
        <>
          <defs>
            <Sky id={id} stops={["#3d7bb8", "#8fc0e3"]} />
          </defs>
          <rect width={w} height={h} fill={sky} />
          <path
            d={`M${w * 0.15} ${h} L${w * 0.15} ${h * 0.2} L${w} ${h * 0.05} L${w} ${h}Z`}
            fill="#d9d4cc"
          />
          {Array.from({ length: 8 }, (_, i) => (
            <path
              key={i}
              d={`M${w * 0.15} ${h * (0.28 + i * 0.095)} L${w} ${h * (0.14 + i * 0.095)} L${w} ${h * (0.18 + i * 0.095)} L${w * 0.15} ${h * (0.32 + i * 0.095)}Z`}
              fill="#8a847b"
              opacity="0.55"
            />
          ))}
          <path
            d={`M${w * 0.15} ${h * 0.2} L${w * 0.38} ${h} L${w * 0.15} ${h}Z`}
            fill="#5d5850"
            opacity="0.5"
          />
        </>
      );
    case "portrait":
    case "portrait-cool":
    case "portrait-warm": {
      const palette = {
        portrait: {
          bg: ["#3a2418", "#a8642f", "#f0b86a"],
          skin: "#2a1a12",
          rim: "#ffd9a0",
          bokeh: "#ffe1a6",
        },
        "portrait-cool": {
          bg: ["#0f1a2b", "#2d4a6b", "#8fb3d1"],
          skin: "#0c1420",
          rim: "#cfe6ff",
          bokeh: "#bcd8f2",
        },
        "portrait-warm": {
          bg: ["#2b1d1a", "#7a4a3a", "#d98f6c"],
          skin: "#1d1411",
          rim: "#ffcfb0",
          bokeh: "#f6c3a0",
        },
      }[kind];
      return (
        <>
          <defs>
            <linearGradient id={`${id}-sky`} x1="1" y1="0" x2="0" y2="1">
              {palette.bg.map((c, i) => (
                <stop key={c} offset={1 - i / 2} stopColor={c} />
              ))}
            </linearGradient>
            <filter id={`${id}-blur`}>
              <feGaussianBlur stdDeviation="18" />
            </filter>
            <filter id={`${id}-rim`} x="-20%" y="-20%" width="140%" height="140%">
              <feGaussianBlur stdDeviation="5" />
            </filter>
          </defs>
          <rect width={w} height={h} fill={sky} />
          <g filter={`url(#${id}-blur)`}>
            {Array.from({ length: 14 }, (_, i) => (
              <circle
                key={i}
                cx={rand() * w}
                cy={rand() * h * 0.7}
                r={20 + rand() * 60}
                fill={palette.bokeh}
                opacity={0.15 + rand() * 0.35}
              />
            ))}
          </g>
          {/* head and shoulders in profile, lit from behind: a blurred rim-coloured copy under the dark figure */}
          <g transform={`translate(${w * 0.5} ${h * 0.42})`}>
            <path
              d={figure(w, h)}
              fill={palette.rim}
              filter={`url(#${id}-rim)`}
              transform="translate(6 -4)"
              opacity="0.9"
            />
            <path d={figure(w, h)} fill={palette.skin} />
          </g>
        </>
      );
    }
  }
}

/**
 * One photograph drawn inline, for the one above the fold: it paints with the text,
 * without waiting for a request, and the heading stays the page's largest paint.
 */
export function PhotoArt({
  id,
  scene: kind,
  alt,
  className,
}: {
  id: string;
  scene: PhotoScene;
  alt: string;
  className?: string;
}) {
  const [w, h] = sizes[kind];
  return (
    <svg
      role="img"
      aria-label={alt}
      viewBox={`0 0 ${w} ${h}`}
      width={w}
      height={h}
      preserveAspectRatio="xMidYMid slice"
      className={className}
    >
      {scene(kind, id, w, h)}
    </svg>
  );
}

/** The standalone SVG document of one photograph (served as a file by photo-file.tsx). */
export function PhotoSvg({ id, scene: kind }: { id: string; scene: PhotoScene }) {
  const [w, h] = sizes[kind];
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${w} ${h}`}
      width={w}
      height={h}
      preserveAspectRatio="xMidYMid slice"
    >
      {scene(kind, id, w, h)}
    </svg>
  );
}

/**
 * One photograph below the fold, as an image file loaded as it nears the viewport
 * (explicit width and height keep the layout stable while it loads).
 */
export function PhotoImage({
  id,
  scene: kind,
  alt,
  className,
}: {
  id: string;
  scene: PhotoScene;
  alt: string;
  className?: string;
}) {
  const [w, h] = sizes[kind];
  return (
    <img
      src={photoSrc(id)}
      alt={alt}
      width={w}
      height={h}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
