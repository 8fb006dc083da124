import { vi } from 'vitest';

/** Makes the system colour scheme dark or light (jsdom has no matchMedia). Undo with vi.unstubAllGlobals(). */
export function mockSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}
