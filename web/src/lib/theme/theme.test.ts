import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readThemePreference,
  resolveTheme,
  saveThemePreference,
  THEME_INIT_SCRIPT,
  THEME_STORAGE_KEY,
} from '@/lib/theme/theme';
import { mockSystemDark } from '@/test/media';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme preference', () => {
  it('defaults to system when nothing is stored, or something unknown is', () => {
    expect(readThemePreference()).toBe('system');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemePreference()).toBe('system');
  });

  it('follows the system scheme when the preference is system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('is stored under the UI theme key and applied to <html> at once', () => {
    mockSystemDark(false);
    saveThemePreference('dark');
    expect(window.localStorage.getItem('bazaar-ui-theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');

    saveThemePreference('light');
    expect(window.localStorage.getItem('bazaar-ui-theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('light');
  });

  it('applies the system scheme when system is chosen', () => {
    mockSystemDark(true);
    saveThemePreference('system');
    expect(window.localStorage.getItem('bazaar-ui-theme')).toBe('system');
    expect(document.documentElement).toHaveClass('dark');
  });
});

describe('the inline script that runs before the first paint', () => {
  function runScript() {
    // The script is a string written into <head>; run it the way the browser would.
    new Function(THEME_INIT_SCRIPT)();
  }

  it.each([
    ['dark', false, true],
    ['light', true, false],
    [null, true, true],
    [null, false, false],
    ['system', true, true],
  ] as const)('stored %s with a dark system %s gives dark = %s', (stored, systemDark, dark) => {
    mockSystemDark(systemDark);
    if (stored) window.localStorage.setItem(THEME_STORAGE_KEY, stored);
    runScript();
    expect(document.documentElement.classList.contains('dark')).toBe(dark);
    expect(document.documentElement.style.colorScheme).toBe(dark ? 'dark' : 'light');
  });
});
