import { vi } from 'vitest';

/**
 * Stubs matchMedia (jsdom has none): `query` matches when it is one of `matching`. Undo with
 * vi.unstubAllGlobals().
 */
function mockMediaQueries(matching: string[]) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matching.includes(query),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      // The deprecated pair, which some libraries (Embla) still call.
      addListener: vi.fn(),
      removeListener: vi.fn(),
    })),
  );
}

/** Makes the system colour scheme dark or light. Undo with vi.unstubAllGlobals(). */
export function mockSystemDark(dark: boolean) {
  mockMediaQueries(dark ? ['(prefers-color-scheme: dark)'] : []);
}

/** Makes the visitor ask for reduced motion, or not. Undo with vi.unstubAllGlobals(). */
export function mockReducedMotion(reduced: boolean) {
  mockMediaQueries(reduced ? ['(prefers-reduced-motion: reduce)'] : []);
}
