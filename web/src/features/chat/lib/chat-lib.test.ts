import { describe, expect, it } from 'vitest';
import { chatTime } from '@/features/chat/lib/chat-time';
import { linkDomain, splitMessage } from '@/features/chat/lib/message-links';
import { checkMessage, MESSAGE_EMPTY, MESSAGE_TOO_LONG } from '@/features/chat/lib/message-rules';

describe('chatTime (SPEC §9)', () => {
  const now = new Date(2026, 10, 28, 15, 30);

  it('is h:mm a today', () => {
    expect(chatTime(new Date(2026, 10, 28, 9, 5).toISOString(), now)).toBe('9:05 AM');
    expect(chatTime(new Date(2026, 10, 28, 0, 0).toISOString(), now)).toBe('12:00 AM');
  });

  it('is MMM d, h:mm a on any other day', () => {
    expect(chatTime(new Date(2026, 10, 27, 21, 40).toISOString(), now)).toBe('Nov 27, 9:40 PM');
    expect(chatTime(new Date(2025, 0, 3, 13, 0).toISOString(), now)).toBe('Jan 3, 1:00 PM');
  });

  it('is empty for a date it cannot read', () => {
    expect(chatTime('not a date', now)).toBe('');
  });
});

describe('checkMessage (SPEC §5)', () => {
  it('trims the message', () => {
    expect(checkMessage('  hello \n')).toEqual({ ok: true, message: 'hello' });
  });

  it('refuses an empty or blank message', () => {
    expect(checkMessage('')).toEqual({ ok: false, error: MESSAGE_EMPTY });
    expect(checkMessage(' \n\t ')).toEqual({ ok: false, error: MESSAGE_EMPTY });
    expect(MESSAGE_EMPTY).toBe('Message cannot be empty');
  });

  it('allows 2000 characters after trimming and refuses 2001', () => {
    expect(checkMessage(` ${'a'.repeat(2000)} `)).toEqual({ ok: true, message: 'a'.repeat(2000) });
    expect(checkMessage('a'.repeat(2001))).toEqual({ ok: false, error: MESSAGE_TOO_LONG });
    expect(MESSAGE_TOO_LONG).toBe('Message must be less than 2000 characters');
  });
});

describe('splitMessage', () => {
  it('finds http, https and www links, leaving sentence punctuation out', () => {
    expect(splitMessage('See https://example.com/size-guide?x=1. Or www.karoo.co.za, or http://a.test')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'https://example.com/size-guide?x=1', href: 'https://example.com/size-guide?x=1', domain: 'example.com' },
      { type: 'text', text: '. Or ' },
      { type: 'link', text: 'www.karoo.co.za', href: 'https://www.karoo.co.za', domain: 'karoo.co.za' },
      { type: 'text', text: ', or ' },
      { type: 'link', text: 'http://a.test', href: 'http://a.test', domain: 'a.test' },
    ]);
  });

  it('leaves other schemes and plain text alone', () => {
    expect(splitMessage('javascript:alert(1) and ftp://x.test and <b>bold</b>')).toEqual([
      { type: 'text', text: 'javascript:alert(1) and ftp://x.test and <b>bold</b>' },
    ]);
  });

  it('names only http(s) domains', () => {
    expect(linkDomain('https://www.Example.com/a')).toBe('example.com');
    expect(linkDomain('mailto:a@b.test')).toBeNull();
    expect(linkDomain('not a url')).toBeNull();
  });
});
