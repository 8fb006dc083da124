import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKER, paintFirst } from './paint-first.mjs';

// The shape of an exported page: chunks as async scripts in the head (one also preloaded by
// Next), inline flight data and a nomodule polyfill in the body.
const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/runtime.js"/>' +
  '<script src="/_next/static/chunks/one.js" async=""></script>' +
  '<script src="/_next/static/chunks/two.js" async=""></script>' +
  '<script>theme()</script>' +
  '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>' +
  '</head><body><main>content</main>' +
  '<script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({})</script>' +
  '<script src="/_next/static/chunks/runtime.js" async=""></script>' +
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script>' +
  '</body></html>';

function loaderSource(html) {
  const match = html.match(new RegExp(`<script ${MARKER}="">([\\s\\S]*?)</script>`));
  expect(match).not.toBeNull();
  return match[1];
}

describe('paintFirst', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('replaces the async chunk scripts and their preloads with one loader at the end of the body', () => {
    const out = paintFirst(PAGE);

    expect(out).not.toMatch(/<script src="[^"]+" async="">/);
    expect(out).not.toContain('rel="preload"');
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>');
    // Inline scripts and the polyfill stay where they were.
    expect(out).toContain('<script>theme()</script><script src="/_next/static/chunks/polyfill.js" noModule=""></script>');
    expect(out).toContain('<script>(self.__next_f=self.__next_f||[]).push([0])</script>');
    expect(out.indexOf(`<script ${MARKER}=""`)).toBeGreaterThan(out.indexOf('__next_f'));
    expect(out.endsWith('</script></body></html>')).toBe(true);
  });

  it('leaves a rewritten page, and a page without chunk scripts, as they are', () => {
    const once = paintFirst(PAGE);
    expect(paintFirst(once)).toBe(once);
    const plain = '<html><head><title>x</title></head><body><script>a()</script></body></html>';
    expect(paintFirst(plain)).toBe(plain);
  });

  it('adds the scripts, in order and async, only after the next frame has been painted', () => {
    vi.useFakeTimers();
    let frame = null;
    vi.stubGlobal('requestAnimationFrame', (callback) => {
      frame = callback;
      return 1;
    });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');

    new Function(loaderSource(paintFirst(PAGE)))();

    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    expect(frame).not.toBeNull();
    frame(0);
    // Still the frame being painted: the scripts wait for the task after it.
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    vi.runAllTimers();
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual([
      '/_next/static/chunks/one.js',
      '/_next/static/chunks/two.js',
      '/_next/static/chunks/runtime.js',
    ]);
    expect(scripts.every((s) => s.async)).toBe(true);
  });

  it('adds the scripts at once in a hidden page, which is not painted', () => {
    const frames = vi.fn();
    vi.stubGlobal('requestAnimationFrame', frames);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');

    new Function(loaderSource(paintFirst(PAGE)))();

    expect(frames).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('script')).toHaveLength(3);
  });
});
