import { describe, expect, it } from 'vitest';
import {
  colourProblem,
  contrastRatio,
  FONT_STACKS,
  formatRatio,
  isPictureAddress,
  mixColour,
  parseHexColour,
  strongBrand,
} from '@/features/admin/lib/branding';

describe('parseHexColour', () => {
  it('reads #rrggbb and #rgb in any case, as #rrggbb', () => {
    expect(parseHexColour('#1D4ED8')).toBe('#1d4ed8');
    expect(parseHexColour(' #FfF ')).toBe('#ffffff');
    expect(parseHexColour('#0a3')).toBe('#00aa33');
  });

  it('refuses anything else', () => {
    for (const value of ['047857', '#04785g', '#04785', '#0478577', 'blue', '', 'rgb(0,0,0)']) {
      expect(parseHexColour(value), value).toBeNull();
    }
  });
});

describe('contrastRatio', () => {
  it('measures like WCAG', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000')).toBe(21);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
    // The built-in colours (globals.css) on their surfaces.
    expect(contrastRatio('#047857', '#ffffff')).toBeCloseTo(5.48, 2);
    expect(contrastRatio('#b91c1c', '#ffffff')).toBeCloseTo(6.47, 2);
    expect(contrastRatio('#34d399', '#161616')).toBeCloseTo(9.41, 2);
    expect(contrastRatio('#f87171', '#161616')).toBeCloseTo(6.54, 2);
    // WCAG's own borderline grey.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('blue', '#ffffff')).toBeNull();
  });

  it('is written with one decimal, never rounded up to the line', () => {
    expect(formatRatio(1.3182)).toBe('1.3');
    expect(formatRatio(21)).toBe('21.0');
    expect(formatRatio(4.478)).toBe('4.4');
    expect(formatRatio(4.5)).toBe('4.5');
  });
});

describe('the brand scale', () => {
  it('shades as the server does (crates/domain branding.rs, Palette::scale)', () => {
    expect(mixColour('#1d4ed8', '#000000', 0.2)).toBe('#173ead');
    expect(mixColour('#1d4ed8', '#ffffff', 0.9)).toBe('#e8edfb');
    expect(strongBrand('light', '#1d4ed8')).toBe('#173ead');
    expect(strongBrand('dark', '#93c5fd')).toBe('#93c5fd');
  });
});

describe('colourProblem', () => {
  it('passes readable colours on their theme', () => {
    expect(colourProblem('light', '#1d4ed8')).toBeNull();
    expect(colourProblem('light', '#767676')).toBeNull();
    expect(colourProblem('dark', '#93c5fd')).toBeNull();
  });

  it('names the theme and the ratio of colours that are hard to read, as the server does', () => {
    expect(colourProblem('light', '#fde047')).toBe(
      'Text in this colour is hard to read on the light theme (contrast 1.3:1, at least 4.5:1 needed)',
    );
    expect(colourProblem('light', '#777777')).toBe(
      'Text in this colour is hard to read on the light theme (contrast 4.4:1, at least 4.5:1 needed)',
    );
    expect(colourProblem('dark', '#7f1d1d')).toBe(
      'Text in this colour is hard to read on the dark theme (contrast 1.8:1, at least 4.5:1 needed)',
    );
    // A colour fine on white can be unreadable on the dark surface.
    expect(colourProblem('dark', '#1d4ed8')).toMatch(/dark theme/);
  });

  it('asks for a colour when it is not one', () => {
    expect(colourProblem('light', 'green')).toBe('Use a colour like #047857');
  });
});

describe('isPictureAddress', () => {
  it('takes nothing, a path on the site or an https address', () => {
    for (const value of ['', '  ', '/media/brand/logo.png', 'https://cdn.example.com/logo.svg']) {
      expect(isPictureAddress(value), value).toBe(true);
    }
  });

  it('refuses other hosts’ paths, other schemes, spaces, quotes and long addresses', () => {
    for (const value of [
      '//evil.example/x.ico',
      'http://cdn.example.com/logo.png',
      'javascript:alert(1)',
      'media/logo.png',
      '/media/my logo.png',
      '/media/"logo".png',
      "/media/it's.png",
      `/media/${'a'.repeat(494)}`,
    ]) {
      expect(isPictureAddress(value), value).toBe(false);
    }
    expect(isPictureAddress(`/media/${'a'.repeat(493)}`)).toBe(true);
  });
});

describe('FONT_STACKS', () => {
  it('has the five fonts the server offers', () => {
    expect(Object.keys(FONT_STACKS)).toEqual(['system', 'humanist', 'geometric', 'serif', 'mono']);
    expect(FONT_STACKS.serif).toBe("Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif");
  });
});
