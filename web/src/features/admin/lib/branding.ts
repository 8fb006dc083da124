/**
 * The branding page's rules, as the API has them (crates/domain/src/settings/branding.rs): colours
 * and their contrast on each theme's surface, picture addresses, and the font stacks. The server
 * is the authority; these let the page preview and check before sending.
 */

export type ThemeMode = 'light' | 'dark';

/** The surfaces each theme's colours are read on: white, and the dark theme's raised surface. */
export const SURFACES: Record<ThemeMode, string> = { light: '#ffffff', dark: '#161616' };

/** Text on a brand or sale fill: white in light, the dark surface in dark (globals.css). */
export const FILL_TEXT: Record<ThemeMode, string> = { light: '#ffffff', dark: '#161616' };

/** WCAG AA for body text. */
export const MIN_CONTRAST = 4.5;

export const BRANDING_MESSAGES = {
  colour: 'Use a colour like #047857',
  contrast: (mode: ThemeMode, ratio: number) =>
    `Text in this colour is hard to read on the ${mode} theme (contrast ${formatRatio(ratio)}:1, at least 4.5:1 needed)`,
  url: 'Use a picture from the media library (/media/…) or an https:// address',
  logoText: 'The logo text is at most 40 characters',
} as const;

export const LOGO_TEXT_CHARS = 40;
const URL_BYTES = 500;

/** `#rrggbb` or `#rgb`, any case, as `#rrggbb` in lower case; null for anything else. */
export function parseHexColour(value: string): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two colours (`#rrggbb` or `#rgb`), 1 to 21; null if either is not a colour. */
export function contrastRatio(a: string, b: string): number | null {
  const [x, y] = [parseHexColour(a), parseHexColour(b)];
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * A ratio with one decimal, rounded down, so a colour that falls short never reads as 4.5:1.
 * (The server rounds to nearest, so it may say 0.1 more just under the line.)
 */
export function formatRatio(ratio: number): string {
  return (Math.floor(ratio * 10 + 1e-9) / 10).toFixed(1);
}

/** `hex` with `share` (0 to 1) of `other` mixed in, both `#rrggbb`, as the server derives the scale. */
export function mixColour(hex: string, other: string, share: number): string {
  const channel = (colour: string, offset: number) => parseInt(colour.slice(offset, offset + 2), 16);
  return `#${[1, 3, 5]
    .map((offset) => Math.round(channel(hex, offset) * (1 - share) + channel(other, offset) * share))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The site's brand-700 (buttons and most links): shaded in light, the colour itself in dark. */
export function strongBrand(mode: ThemeMode, brand: string): string {
  return mode === 'light' ? mixColour(brand, '#000000', 0.2) : brand;
}

/** The problem with a theme's colour, in the server's words; null when it is readable. */
export function colourProblem(mode: ThemeMode, value: string): string | null {
  const ratio = contrastRatio(value, SURFACES[mode]);
  if (ratio === null) return BRANDING_MESSAGES.colour;
  return ratio < MIN_CONTRAST ? BRANDING_MESSAGES.contrast(mode, ratio) : null;
}

/** A picture's address: empty, a path on this site (not `//host`), or `https://`; no spaces or quotes. */
export function isPictureAddress(value: string): boolean {
  const s = value.trim();
  if (s === '') return true;
  const local = s.startsWith('/') && !s.startsWith('//');
  return (
    (local || s.startsWith('https://')) &&
    new TextEncoder().encode(s).length <= URL_BYTES &&
    // Whitespace, control characters and quotes.
    !/[\s\u0000-\u001f\u007f-\u009f"']/.test(s)
  );
}

/** The fonts there are, with the CSS stacks the server sends to the site (Font::stack). */
export const FONT_STACKS: Record<string, string> = {
  system:
    "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  geometric: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  serif: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  mono: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
};

/** What each font choice is called on the page. */
export const FONT_LABELS: Record<string, string> = {
  system: 'System (the device’s own)',
  humanist: 'Humanist (Seravek, Gill Sans, Calibri)',
  geometric: 'Geometric (Avenir, Montserrat, Corbel)',
  serif: 'Serif (Charter, Cambria, Georgia)',
  mono: 'Monospace (Menlo, Consolas)',
};
