#!/usr/bin/env node
// Paint first, then run the page's script: rewrites every exported page in out/ so its
// JavaScript starts after the browser has painted the page's HTML.
//
//   node scripts/paint-first.mjs [--out DIR]        (run by `npm run build`)
//
// Next puts each chunk in the head as <script src async> (and preloads one more). An async script
// runs as soon as it arrives, and while it runs the browser cannot paint: on a fast connection,
// or with the chunks cached, the first paint (and the product picture the server writes into
// product pages) waits for React to load and start hydrating, hundreds of milliseconds on a
// phone. On a slow one the chunks share the bandwidth with the stylesheet and that picture.
// Here those tags and preloads are removed, and one inline script at the end of the body adds
// the <script async> elements, in the same order and all in one go, after the next frame has
// been painted (at once when the page is hidden, as nothing is painted then). The chunks'
// download starts one frame later than before; in exchange the page's HTML, the picture
// included, is on screen before any of them. Turbopack's runtime finds the elements in the
// document as it would have found the original tags.
//
// docs/decisions.md, "Serving the site": pages start their script after the first paint.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MARKER = 'data-paint-first';

const ASYNC_CHUNK = /<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
const CHUNK_PRELOAD = /<link rel="preload" as="script"[^>]*href="(\/_next\/static\/[^"]+\.js)"[^>]*\/?>/g;

/** The loader: adds the chunks' script elements after the next paint. */
function loader(urls) {
  const list = JSON.stringify(urls).replace(/</g, '\\u003c');
  return (
    `<script ${MARKER}="">(function(){var u=${list},d=0;function go(){if(d)return;d=1;` +
    `for(var i=0;i<u.length;i++){var s=document.createElement("script");s.src=u[i];s.async=true;document.head.appendChild(s)}}` +
    `if(document.visibilityState!=="visible"){go()}else{requestAnimationFrame(function(){setTimeout(go,0)})}})()</script>`
  );
}

/**
 * The page with its async chunk scripts (and their preloads) replaced by one loader that adds
 * them after the first paint; the page unchanged when it has none or was already rewritten.
 */
export function paintFirst(html) {
  if (html.includes(`${MARKER}=""`)) return html;
  const urls = [...html.matchAll(ASYNC_CHUNK)].map((m) => m[1]);
  if (urls.length === 0) return html;
  if (!html.includes('</body>')) return html;

  const rewritten = html.replace(ASYNC_CHUNK, '').replace(CHUNK_PRELOAD, (tag, url) => (urls.includes(url) ? '' : tag));
  const end = rewritten.lastIndexOf('</body>');
  return `${rewritten.slice(0, end)}${loader(urls)}${rewritten.slice(end)}`;
}

function htmlFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) files.push(...htmlFiles(file));
    else if (name.endsWith('.html')) files.push(file);
  }
  return files;
}

function main(argv) {
  const at = argv.indexOf('--out');
  const here = path.dirname(fileURLToPath(import.meta.url));
  const out = at >= 0 ? argv[at + 1] : path.join(here, '..', 'out');
  if (!out || !statSync(out, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`paint-first: no exported site at ${out ?? '(missing --out value)'}; run next build first`);
    return 2;
  }
  let changed = 0;
  const files = htmlFiles(out);
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const next = paintFirst(html);
    if (next !== html) {
      writeFileSync(file, next);
      changed += 1;
    }
  }
  console.log(`paint-first: ${changed} of ${files.length} pages start their script after the first paint`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2));
}
