import { describe, expect, it } from 'vitest';
import { movesFor } from '@/features/help/components/admin-help-categories';
import { helpArticleHref, helpfulText, helpSearchHref } from '@/features/help/lib/help-paths';
import { articleInput, slugify } from '@/features/help/lib/help-schemas';
import { HELP_VOTES_KEY, parseHelpVotes, readHelpVote, rememberHelpVote } from '@/features/help/lib/help-votes';
import { adminHelpCategory } from '@/test/help';

describe('help paths and words', () => {
  it('makes the addresses of articles and searches', () => {
    expect(helpArticleHref('tracking-your-order')).toBe('/help/article/tracking-your-order/');
    expect(helpSearchHref('  track my order ')).toBe('/help/?q=track%20my%20order');
    expect(helpSearchHref('   ')).toBe('/help/');
  });

  it('counts people in words', () => {
    expect(helpfulText(0)).toBe('0 people found this helpful');
    expect(helpfulText(1)).toBe('1 person found this helpful');
    expect(helpfulText(1200)).toMatch(/^1\s?200 people found this helpful$/);
  });
});

describe('slugify', () => {
  it('makes a slug as the server does of a title', () => {
    expect(slugify('Paying with PayFast')).toBe('paying-with-payfast');
    expect(slugify('Orders & delivery')).toBe('orders-delivery');
    expect(slugify('  Café crème — 2 ways! ')).toBe('caf-cr-me-2-ways');
    expect(slugify('!!!')).toBe('');
  });
});

describe('articleInput', () => {
  it('leaves a blank slug and position out, so the server derives and places them', () => {
    const input = articleInput({
      title: 'T',
      slug: '',
      category_id: 'c',
      summary: '',
      body: 'B',
      published: false,
      position: '',
    });
    expect(input).toEqual({ title: 'T', category_id: 'c', summary: '', body: 'B', published: false });
    expect(articleInput({ title: 'T', slug: 't', category_id: 'c', summary: 's', body: 'B', published: true, position: '3' })).toEqual({
      title: 'T',
      slug: 't',
      category_id: 'c',
      summary: 's',
      body: 'B',
      published: true,
      position: 3,
    });
  });
});

describe('moving a category', () => {
  const a = adminHelpCategory({ id: 'a', position: 0 });
  const b = adminHelpCategory({ id: 'b', position: 5 });
  const c = adminHelpCategory({ id: 'c', position: 5 });

  it('swaps positions with the neighbour', () => {
    expect(movesFor([a, b, c], 1, -1)).toEqual([
      { id: 'b', position: 0 },
      { id: 'a', position: 5 },
    ]);
  });

  it('numbers every category again when the two share a position', () => {
    expect(movesFor([a, b, c], 1, 1)).toEqual([
      { id: 'c', position: 1 },
      { id: 'b', position: 2 },
    ]);
  });

  it('does nothing past either end', () => {
    expect(movesFor([a, b], 0, -1)).toEqual([]);
    expect(movesFor([a, b], 1, 1)).toEqual([]);
  });
});

describe('remembered votes', () => {
  it('keeps one vote per article', () => {
    expect(readHelpVote('x')).toBeNull();
    rememberHelpVote('x', 'yes');
    rememberHelpVote('y', 'no');
    rememberHelpVote('x', 'no');
    expect(readHelpVote('x')).toBe('no');
    expect(readHelpVote('y')).toBe('no');
    expect(JSON.parse(window.localStorage.getItem(HELP_VOTES_KEY) ?? '')).toEqual({ y: 'no', x: 'no' });
  });

  it('reads junk as no votes, and drops values that are not votes', () => {
    expect(parseHelpVotes('not json')).toEqual({});
    expect(parseHelpVotes('[1,2]')).toEqual({});
    expect(parseHelpVotes('{"a":"yes","b":"maybe","c":1}')).toEqual({ a: 'yes' });
  });
});
