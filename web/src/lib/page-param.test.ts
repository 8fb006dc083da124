import { describe, expect, it } from 'vitest';
import { pageCount, pageFromParam } from '@/lib/page-param';

describe('pageFromParam', () => {
  it('reads a positive whole number', () => {
    expect(pageFromParam('1')).toBe(1);
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam('007')).toBe(7);
  });

  it('falls back to the first page for anything else', () => {
    for (const value of [null, undefined, '', '0', '-2', '1.5', 'abc', '2abc', ' 2', '99999999999999999999']) {
      expect(pageFromParam(value)).toBe(1);
    }
  });
});

describe('pageCount', () => {
  it('rounds up and is at least 1', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(45, 20)).toBe(3);
    expect(pageCount(5, 0)).toBe(1);
  });
});
