#!/usr/bin/env node
// First-load JavaScript of exported pages, gzipped (level 9), against a budget.
//
//   node scripts/first-load-js.mjs [--limit KB] [--out DIR] [page ...]
//
// A page is a path under out/ ('/', '/products/_/', 'cart/index.html'); the default is '/'.
// Counted: every <script src> (except nomodule polyfills, which modern browsers skip), every
// <link rel="modulepreload"> or <link rel="preload" as="script">, and every chunk named in the
// inline React Server Components payload (the client components hydration loads at once).
// Exits 1 when a page's total exceeds the limit (default 200 KB, 1 KB = 1024 bytes).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const KB = 1024;

function parseArgs(argv) {
  const args = { limit: 200, out: null, pages: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[(i += 1)];
    if (flag === '--limit') args.limit = Number(value());
    else if (flag === '--out') args.out = value();
    else if (flag === '--help' || flag === '-h') args.help = true;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else args.pages.push(arg);
  }
  if (!Number.isFinite(args.limit) || args.limit <= 0) throw new Error('--limit must be a positive number of KB');
  if (args.pages.length === 0) args.pages.push('/');
  return args;
}

function attributes(tag) {
  const attrs = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attrs;
}

/** The script URLs a page loads before it is interactive, in document order, without repeats. */
export function scriptUrls(html) {
  const urls = [];
  const skipped = [];
  const add = (url) => {
    if (url && !urls.includes(url)) urls.push(url);
  };
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = attributes(m[2]);
    if (m[1].toLowerCase() === 'script') {
      if (!('src' in attrs)) continue;
      if ('nomodule' in attrs) skipped.push(attrs.src);
      else add(attrs.src);
    } else {
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('modulepreload') || (rel.includes('preload') && attrs.as === 'script')) add(attrs.href);
    }
  }
  // Chunks named in the inline flight data ("static/chunks/x.js", escaped or not).
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const c of m[1].matchAll(/(?:\/_next\/)?static\/chunks\/[\w.-]+\.js/g)) {
      const url = c[0].startsWith('/_next/') ? c[0] : `/_next/${c[0]}`;
      if (!skipped.includes(url)) add(url);
    }
  }
  return { urls, skipped: skipped.filter((s) => !urls.includes(s)) };
}

function pageFile(outDir, page) {
  let rel = page.replace(/^\/+/, '');
  if (rel === '' || rel.endsWith('/')) rel += 'index.html';
  else if (!rel.endsWith('.html')) rel += '/index.html';
  return path.join(outDir, rel);
}

function fileFor(outDir, url) {
  const pathname = new URL(url, 'http://site.invalid').pathname;
  return path.join(outDir, decodeURIComponent(pathname));
}

const gzipSize = (buf) => gzipSync(buf, { level: constants.Z_BEST_COMPRESSION }).length;
const kb = (bytes) => (bytes / KB).toFixed(1);

function measure(outDir, page) {
  const file = pageFile(outDir, page);
  if (!existsSync(file)) throw new Error(`${file} not found: run \`npm run build\` first`);
  const { urls, skipped } = scriptUrls(readFileSync(file, 'utf8'));
  const rows = urls.map((url) => {
    const chunk = fileFor(outDir, url);
    if (!existsSync(chunk)) throw new Error(`${url} is loaded by ${page} but ${chunk} does not exist`);
    const buf = readFileSync(chunk);
    return { url, raw: statSync(chunk).size, gzip: gzipSize(buf) };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  return { page, rows, skipped, total: rows.reduce((sum, r) => sum + r.gzip, 0) };
}

function print({ page, rows, skipped, total }, limit) {
  const name = (url) => url.replace(/^\/_next\/static\/chunks\//, '');
  const width = Math.max(5, ...rows.map((r) => name(r.url).length));
  console.log(`\nFirst-load JS of ${page}`);
  console.log(`${'chunk'.padEnd(width)}  ${'raw KB'.padStart(8)}  ${'gzip KB'.padStart(8)}`);
  for (const r of rows) console.log(`${name(r.url).padEnd(width)}  ${kb(r.raw).padStart(8)}  ${kb(r.gzip).padStart(8)}`);
  const raw = rows.reduce((sum, r) => sum + r.raw, 0);
  console.log(`${'total'.padEnd(width)}  ${kb(raw).padStart(8)}  ${kb(total).padStart(8)}   (limit ${limit} KB)`);
  for (const s of skipped) console.log(`(not counted: ${name(s)}, a nomodule polyfill modern browsers skip)`);
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log('usage: node scripts/first-load-js.mjs [--limit KB] [--out DIR] [page ...]');
    return 0;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const outDir = path.resolve(args.out ?? path.join(here, '..', 'out'));
  let failed = false;
  for (const page of args.pages) {
    const result = measure(outDir, page);
    print(result, args.limit);
    if (result.total > args.limit * KB) {
      console.error(`${page}: first-load JS is ${kb(result.total)} KB gzipped, over the ${args.limit} KB limit`);
      failed = true;
    }
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 2;
  }
}
