import type { JSX } from 'react';
import { AVATARS, type AvatarId } from '../../../../lib/avatars';

/**
 * Profile pictures (SPEC.md section 2 and 9): four preset hedgehogs drawn inline (no request,
 * no broken image), or a generated placeholder, initials on a colour derived from the user id.
 */

const SKIN = '#e9c9a0';
const SPINES = '#5a3e2b';
const SPINE_TIPS = '#3b281b';
const INK = '#1f150e';

/** The points of a ring of spikes around (cx, cy), from `fromDeg` to `toDeg` (0 deg = east). */
function spikes(cx: number, cy: number, inner: number, outer: number, count: number): string {
  const fromDeg = 160;
  const toDeg = 380;
  const points: string[] = [];
  for (let i = 0; i <= count * 2; i += 1) {
    const angle = ((fromDeg + ((toDeg - fromDeg) * i) / (count * 2)) * Math.PI) / 180;
    const radius = i % 2 === 0 ? inner : outer;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return points.join(' ');
}

const SPIKES_OUTER = spikes(32, 38, 19, 29, 11);
const SPIKES_INNER = spikes(32, 38, 17, 23, 11);

/** The hedgehog every preset shares: spines, face, ears, eyes and nose. */
function HedgehogHead() {
  return (
    <>
      <polygon points={SPIKES_OUTER} fill={SPINE_TIPS} />
      <polygon points={SPIKES_INNER} fill={SPINES} />
      <circle cx="32" cy="38" r="19" fill={SPINES} />
      <circle cx="20" cy="27" r="4.5" fill={SKIN} />
      <circle cx="44" cy="27" r="4.5" fill={SKIN} />
      <circle cx="20" cy="27" r="2.2" fill="#c99a74" />
      <circle cx="44" cy="27" r="2.2" fill="#c99a74" />
      <ellipse cx="32" cy="41" rx="14" ry="12.5" fill={SKIN} />
      <circle cx="26.5" cy="38.5" r="2" fill={INK} />
      <circle cx="37.5" cy="38.5" r="2" fill={INK} />
      <circle cx="27.1" cy="37.9" r="0.6" fill="#fff" />
      <circle cx="38.1" cy="37.9" r="0.6" fill="#fff" />
      <circle cx="22.5" cy="44" r="2.2" fill="#e8a3a0" opacity="0.7" />
      <circle cx="41.5" cy="44" r="2.2" fill="#e8a3a0" opacity="0.7" />
      <ellipse cx="32" cy="45" rx="2.8" ry="2.1" fill={INK} />
      <path
        d="M29.5 48.5q2.5 2 5 0"
        fill="none"
        stroke={INK}
        strokeWidth="1"
        strokeLinecap="round"
      />
    </>
  );
}

/** Round glasses and an open book. */
function ClassicBookworm() {
  return (
    <>
      <rect width="64" height="64" fill="#f5e9d3" />
      <HedgehogHead />
      <g fill="none" stroke={INK} strokeWidth="1.4">
        <circle cx="26.5" cy="38.5" r="4.6" />
        <circle cx="37.5" cy="38.5" r="4.6" />
        <path d="M31.1 38.2h1.8M21.9 37.5l-3.4-1.5M42.1 37.5l3.4-1.5" />
      </g>
      <path d="M10 53l22 3 22-3v11H10z" fill="#4f6f2f" />
      <path d="M12 52.5l19.5 2.8V64H12z" fill="#fdf6e9" />
      <path d="M52 52.5l-19.5 2.8V64H52z" fill="#fffdf8" />
      <path
        d="M15 56.5l13 1.8M15 59.5l13 1.8M49 56.5l-13 1.8M49 59.5l-13 1.8"
        stroke="#c4ad8c"
        strokeWidth="0.9"
      />
      <path d="M32 55.3V64" stroke="#3c5623" strokeWidth="1.2" />
    </>
  );
}

/** Headphones and an e-reader. */
function ModernReader() {
  return (
    <>
      <rect width="64" height="64" fill="#e3ecd4" />
      <HedgehogHead />
      <path d="M13.5 40a18.5 18.5 0 0 1 37 0" fill="none" stroke="#2e2118" strokeWidth="3.2" />
      <rect x="9" y="35" width="8" height="13" rx="3.5" fill="#a83232" />
      <rect x="47" y="35" width="8" height="13" rx="3.5" fill="#a83232" />
      <rect x="21" y="50" width="22" height="16" rx="2.5" fill="#2e2118" />
      <rect x="23.5" y="52.5" width="17" height="11" rx="1" fill="#dfe8ee" />
      <path d="M26 55.5h12M26 58h12M26 60.5h8" stroke="#8a9aa6" strokeWidth="0.9" />
    </>
  );
}

/** A wizard's hat with stars. */
function FantasyFan() {
  return (
    <>
      <rect width="64" height="64" fill="#ece4f5" />
      <HedgehogHead />
      <path d="M19 22Q30 16 35 1q4 12 11 21z" fill="#5b3f8c" />
      <path d="M35 1q-1 5-4 8" fill="none" stroke="#7d62ad" strokeWidth="1.2" />
      <ellipse cx="32" cy="22.5" rx="18" ry="4" fill="#4a3275" />
      <path d="M22 20.2q10 2.4 20 0" fill="none" stroke="#e0b84a" strokeWidth="1.6" />
      <path
        d="M33 9l1 2.2 2.3.3-1.7 1.5.5 2.3-2.1-1.2-2.1 1.2.5-2.3-1.7-1.5 2.3-.3z"
        fill="#f2d06b"
      />
      <circle cx="27" cy="16" r="0.9" fill="#f2d06b" />
      <circle cx="40" cy="15" r="0.9" fill="#f2d06b" />
    </>
  );
}

/** A deerstalker cap and a magnifying glass. */
function MysteryLover() {
  return (
    <>
      <rect width="64" height="64" fill="#f3e3d9" />
      <HedgehogHead />
      <path d="M14 28Q15 8 32 8t18 20z" fill="#8a6a4f" />
      <path
        d="M20 14l4 14M26 10l3 18M32 8v20M38 10l-3 18M44 14l-4 14M16 20h32M15 25h34"
        stroke="#6e5139"
        strokeWidth="1"
      />
      <path d="M20 28q12 5 24 0l-2 3q-10 3-20 0z" fill="#6e5139" />
      <circle cx="32" cy="8.5" r="1.8" fill="#6e5139" />
      <path d="M51 57l8 7" stroke="#3b281b" strokeWidth="3.4" strokeLinecap="round" />
      <circle
        cx="47"
        cy="53"
        r="6"
        fill="#dfe8ee"
        fillOpacity="0.75"
        stroke="#c7782a"
        strokeWidth="2.2"
      />
    </>
  );
}

const ART: Record<AvatarId, () => JSX.Element> = {
  'classic-bookworm': ClassicBookworm,
  'modern-reader': ModernReader,
  'fantasy-fan': FantasyFan,
  'mystery-lover': MysteryLover,
};

/** Placeholder colours: earthy, each dark enough for white initials (contrast above 4.5:1). */
const PLACEHOLDER_COLOURS = [
  '#5a3e2b',
  '#3c5623',
  '#a83232',
  '#2f5d62',
  '#5b3f8c',
  '#8a4b16',
  '#3b4f7a',
  '#6b4a3a',
] as const;

/** The same id always gives the same colour. */
export function placeholderColour(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PLACEHOLDER_COLOURS[hash % PLACEHOLDER_COLOURS.length] ?? PLACEHOLDER_COLOURS[0];
}

/** One or two letters: the first of the first two words ('bramble_reader' gives 'BR'). */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s_.-]+/)
    .map((word) => word.trim())
    .filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

export function avatarName(avatar: AvatarId): string {
  return AVATARS.find((preset) => preset.id === avatar)?.name ?? avatar;
}

interface PresetAvatarArtProps {
  avatar: AvatarId;
  className?: string;
}

/** A preset's drawing alone, decorative (its name is written beside it). */
export function PresetAvatarArt({ avatar, className }: PresetAvatarArtProps) {
  const Art = ART[avatar];
  return (
    <svg
      className={className ? `avatar ${className}` : 'avatar'}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <Art />
    </svg>
  );
}

interface AvatarProps {
  avatar: AvatarId | null;
  userId: string;
  /** The reader's shown name: the placeholder's initials, and the picture's accessible name. */
  name: string;
  size?: 'small' | 'large';
}

/** A reader's picture: their preset hedgehog, or their initials on their colour. */
export function Avatar({ avatar, userId, name, size = 'large' }: AvatarProps) {
  const className = `avatar avatar--${size}`;
  if (avatar) {
    const Art = ART[avatar];
    return (
      <svg
        className={className}
        viewBox="0 0 64 64"
        role="img"
        aria-label={`${name}'s picture: ${avatarName(avatar)}`}
        focusable="false"
      >
        <Art />
      </svg>
    );
  }
  return (
    <svg
      className={`${className} avatar--placeholder`}
      viewBox="0 0 64 64"
      role="img"
      aria-label={`${name}'s picture`}
      focusable="false"
      data-placeholder="true"
    >
      <rect width="64" height="64" fill={placeholderColour(userId)} />
      <text
        x="32"
        y="33"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#fff"
        fontSize="24"
        fontWeight="700"
        fontFamily="Georgia, serif"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}
