import { describe, expect, it } from 'vitest';
import { rememberReturnPath, safeReturnPath, signInPath, takeReturnPath } from '@/lib/auth/return-path';

describe('safeReturnPath', () => {
  it('accepts same-site paths with their query and fragment', () => {
    expect(safeReturnPath('/vendor/apply/')).toBe('/vendor/apply/');
    expect(safeReturnPath('/admin/applications/?status=rejected&id=1')).toBe('/admin/applications/?status=rejected&id=1');
    expect(safeReturnPath('/profile/#orders')).toBe('/profile/#orders');
  });

  it.each([
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['vendor/apply/'],
    ['/ /evil'],
    ['/\tx'],
    [''],
    [null],
    [undefined],
  ])('refuses %s', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('never returns to the sign-in pages themselves', () => {
    expect(safeReturnPath('/auth/')).toBeNull();
    expect(safeReturnPath('/login/?redirect=/x')).toBeNull();
    expect(safeReturnPath('/signup')).toBeNull();
    expect(safeReturnPath('/authors/')).toBe('/authors/');
  });
});

describe('signInPath', () => {
  it('names the page to come back to', () => {
    expect(signInPath('/vendor/apply/')).toBe('/auth/?redirect=%2Fvendor%2Fapply%2F');
    expect(signInPath('https://evil.example/')).toBe('/auth/');
  });
});

describe('rememberReturnPath and takeReturnPath', () => {
  it('keeps a safe path for the next sign-in, once', () => {
    rememberReturnPath('/vendor/');
    expect(takeReturnPath()).toBe('/vendor/');
    expect(takeReturnPath()).toBe('/');
  });

  it('forgets an earlier path when the auth page opens without one (or with an unsafe one)', () => {
    rememberReturnPath('/vendor/');
    rememberReturnPath(null);
    expect(takeReturnPath()).toBe('/');
    rememberReturnPath('/admin/');
    rememberReturnPath('//evil.example/');
    expect(takeReturnPath()).toBe('/');
  });
});
