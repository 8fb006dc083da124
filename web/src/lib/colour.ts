/** Colours a store chooses for its page: read, checked and given a readable text colour. */

/** `#rrggbb` (lower case) from `#rrggbb` or `#rgb`, with or without the `#`; null for anything else. */
export function parseHexColour(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim().toLowerCase().replace(/^#/, '');
  const hex = text.length === 3 ? [...text].map((c) => c + c).join('') : text;
  return /^[0-9a-f]{6}$/.test(hex) ? `#${hex}` : null;
}

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Black or white, whichever reads better on `background`: one of the two always reaches 4.5:1,
 * so text on any accent colour stays readable.
 */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';
}
