/**
 * The help articles this browser has voted on ("Was this helpful?"), kept in localStorage as
 * `{ "<article id>": "yes" | "no" }` so an article's buttons do not show again after a vote. Storage
 * that is blocked or holds junk reads as no votes.
 */

export const HELP_VOTES_KEY = 'bazaar.help.votes';

export type HelpVote = 'yes' | 'no';

/** Keeps the most recent votes only, so the stored map cannot grow without end. */
const MAX_VOTES = 200;

export function parseHelpVotes(raw: string | null): Record<string, HelpVote> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const votes: Record<string, HelpVote> = {};
  for (const [id, vote] of Object.entries(value)) {
    if (vote === 'yes' || vote === 'no') votes[id] = vote;
  }
  return votes;
}

function readAll(): Record<string, HelpVote> {
  try {
    return parseHelpVotes(window.localStorage.getItem(HELP_VOTES_KEY));
  } catch {
    return {};
  }
}

/** This browser's vote on an article, or null. */
export function readHelpVote(articleId: string): HelpVote | null {
  return readAll()[articleId] ?? null;
}

export function rememberHelpVote(articleId: string, vote: HelpVote): void {
  const votes = readAll();
  delete votes[articleId];
  votes[articleId] = vote;
  const kept = Object.entries(votes).slice(-MAX_VOTES);
  try {
    window.localStorage.setItem(HELP_VOTES_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage is full or blocked: the thanks still shows for this visit.
  }
}
