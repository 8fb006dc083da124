/**
 * A message's text cut into plain text and links, so links can be rendered as anchors while
 * everything stays text (never HTML). A link starts with http://, https:// or www.; trailing
 * punctuation that usually ends a sentence is left out of it.
 */

export type MessagePart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string; domain: string };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** The host of a link, without `www.`; null when it is not an http(s) address. */
export function linkDomain(href: string): string | null {
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.replace(/^www\./i, '') || null;
  } catch {
    return null;
  }
}

export function splitMessage(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    const start = match.index ?? 0;
    let text = match[0];
    const trailing = TRAILING.exec(text);
    if (trailing) text = text.slice(0, text.length - trailing[0].length);
    const href = /^www\./i.test(text) ? `https://${text}` : text;
    const domain = linkDomain(href);
    if (!domain) continue;
    if (start > last) parts.push({ type: 'text', text: body.slice(last, start) });
    parts.push({ type: 'link', text, href, domain });
    last = start + text.length;
  }
  if (last < body.length) parts.push({ type: 'text', text: body.slice(last) });
  return parts;
}
