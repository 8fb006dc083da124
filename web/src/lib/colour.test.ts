import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHexColour, readableTextOn } from '@/lib/colour';

describe('parseHexColour', () => {
  it('reads #rrggbb and #rgb, with or without #, as lower-case #rrggbb', () => {
    expect(parseHexColour('#0F766E')).toBe('#0f766e');
    expect(parseHexColour('0f766e')).toBe('#0f766e');
    expect(parseHexColour(' #0F7 ')).toBe('#00ff77');
  });

  it('is null for anything else', () => {
    for (const raw of ['', 'teal', '#12345', '#1234567', '#ggg', null, undefined]) expect(parseHexColour(raw)).toBeNull();
  });
});

describe('readableTextOn', () => {
  it('picks white on dark colours and black on light ones', () => {
    expect(readableTextOn('#065f46')).toBe('#ffffff');
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#facc15')).toBe('#000000');
    expect(readableTextOn('#ffffff')).toBe('#000000');
  });

  it('always reaches 4.5:1, whatever the accent', () => {
    for (let value = 0; value <= 0xffffff; value += 0x0f0f0f / 3) {
      const hex = `#${Math.round(value).toString(16).padStart(6, '0')}`;
      expect(contrastRatio(hex, readableTextOn(hex))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
