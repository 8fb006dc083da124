import { describe, expect, it } from 'vitest';
import {
  countText,
  durationText,
  formatText,
  outcomeLook,
  paceText,
  progressOf,
  rateText,
  summaryText,
  totalsText,
} from '@/features/catalogue-import/lib/import-words';
import { checkedImport, doneImport, productImport } from '@/test/product-imports';

const START = Date.parse('2026-12-09T09:00:00Z');

describe('import words', () => {
  it('words a dry run and an import', () => {
    const summary = { created: 3, updated: 1, unchanged: 0, rejected: 1 };
    expect(summaryText(summary, true)).toBe('3 to create, 1 to update, 0 unchanged, 1 rejected');
    expect(summaryText(summary, false)).toBe('3 created, 1 updated, 0 unchanged, 1 rejected');
    expect(summaryText({ created: 12_345, updated: 0, unchanged: 1_000, rejected: 0 }, false)).toBe(
      '12,345 created, 0 updated, 1,000 unchanged, 0 rejected',
    );
    expect(outcomeLook('created', true).label).toBe('To create');
    expect(outcomeLook('created', false).label).toBe('Created');
    expect(outcomeLook('something-new', false)).toEqual({ label: 'something-new', tone: 'neutral' });
  });

  it('names the format by the API’s name, the chosen one, or not yet', () => {
    expect(formatText({ format: 'shopify', format_name: 'Shopify CSV' })).toBe('Shopify CSV');
    expect(formatText({ format: 'json', format_name: null })).toBe('bazaar JSON');
    expect(formatText({ format: null, format_name: null })).toBe('Not recognised yet');
  });

  it('times a running phase from its start: rate and time left', () => {
    const item = { done: 12_340, total: 27_148, phase_started_at: '2026-12-09T09:00:00Z' };
    const progress = progressOf(item, START + 10_000);
    expect(progress).toEqual({ done: 12_340, total: 27_148, percent: 45, rate: 1_234, secondsLeft: 12 });
    expect(countText(progress)).toBe('12,340 of 27,148 products');
    expect(paceText(progress)).toBe('1,234 products/s · about 12 s left');
  });

  it('gives no rate before there is anything to go by, or when the clocks disagree', () => {
    expect(progressOf({ done: 0, total: 10, phase_started_at: '2026-12-09T09:00:00Z' }, START + 5_000).rate).toBeNull();
    expect(progressOf({ done: 5, total: 10, phase_started_at: null }, START).rate).toBeNull();
    expect(progressOf({ done: 5, total: 10, phase_started_at: '2026-12-09T09:00:00Z' }, START - 3_000).rate).toBeNull();
    const unknown = progressOf({ done: 40, total: null, phase_started_at: '2026-12-09T09:00:00Z' }, START + 20_000);
    expect(unknown).toEqual({ done: 40, total: null, percent: null, rate: 2, secondsLeft: null });
    expect(countText(unknown)).toBe('40 products so far');
    expect(paceText(unknown)).toBe('2 products/s');
  });

  it('rounds rates and durations as a person would', () => {
    expect(rateText(2.46)).toBe('2.5 products/s');
    expect(rateText(1)).toBe('1 product/s');
    expect(rateText(10.4)).toBe('10 products/s');
    expect(durationText(0.2)).toBe('1 s');
    expect(durationText(59.2)).toBe('1 min');
    expect(durationText(125)).toBe('3 min');
    expect(durationText(3_600)).toBe('1 h');
    expect(durationText(3_900)).toBe('1 h 5 min');
  });

  it('sums up an import in the recent list by where it is', () => {
    expect(totalsText(productImport({ status: 'checking', done: 2, total: 5 }))).toBe('2 of 5 products');
    expect(totalsText(checkedImport())).toBe('3 to create, 1 to update, 0 unchanged, 1 rejected');
    expect(totalsText(doneImport())).toBe('3 created, 1 updated, 0 unchanged, 1 rejected');
    expect(totalsText(productImport({ status: 'failed', total: null }))).toBe('—');
  });
});
