import type { ReactElement } from 'react';
import { HttpResponse } from 'msw';
import { useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import type { PointsBatch, PointsRedemption } from '@/features/admin/api/points-codes';
import { storeSession } from '@/test/auth';
import { renderWithQueryClient } from '@/test/render';

/**
 * What the points-code pages' tests share: batches as the API answers them (one active, one
 * disabled with every code redeemed, one expired), redemptions, an API problem, the page rendered
 * for a signed-in admin at a query string (the test file mocks next/navigation), and a catch for
 * the file a download saves.
 */

export const FLYERS_ID = '0190f300-0000-7000-8000-000000000001';
export const SORRY_ID = '0190f300-0000-7000-8000-000000000002';
export const OLD_ID = '0190f300-0000-7000-8000-000000000003';

export function pointsBatch(overrides: Partial<PointsBatch> = {}): PointsBatch {
  return {
    id: FLYERS_ID,
    name: 'Heritage Day flyers',
    points: 250,
    size: 500,
    redeemed: 3,
    expires_at: '2099-12-31T21:59:59Z',
    created_at: '2026-11-20T09:00:00Z',
    created_by: 'admin@bazaar.test',
    disabled_at: null,
    ...overrides,
  };
}

/** Active: 3 of 500 redeemed, until the end of 2099. */
export const FLYERS = pointsBatch();
/** Disabled, every code redeemed, its maker's account gone. */
export const SORRY = pointsBatch({
  id: SORRY_ID,
  name: 'Sorry for the delay',
  points: 100,
  size: 20,
  redeemed: 20,
  created_by: null,
  disabled_at: '2026-11-25T10:00:00Z',
});
/** Expired, none redeemed. */
export const OLD = pointsBatch({
  id: OLD_ID,
  name: 'Winter sale',
  points: 50,
  size: 10,
  redeemed: 0,
  expires_at: '2020-07-31T21:59:59Z',
});

/** The `index`th redemption (from 1): its code, customer and time. */
export function redemption(index: number): PointsRedemption {
  return {
    code: `ABCDEFGH${String(index).padStart(2, '2')}`,
    redeemed_at: `2026-11-2${index % 8}T10:00:00Z`,
    redeemed_by: `customer${index}@example.com`,
  };
}

export type Problem = { status: number; code: string; message: string; fields?: Record<string, string> };

export function problem({ status, code, message, fields }: Problem): Response {
  return HttpResponse.json({ error: { code, message, fields } }, { status });
}

/** `page` for a signed-in admin, at `?search`, with a Toaster. */
export function renderAdminAt(page: ReactElement, search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(
    <>
      {page}
      <Toaster />
    </>,
  );
}

/** Catches downloads: each link click's file name, instead of a save. */
export function catchDownloads() {
  const saved: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:test/0' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return {
    saved,
    restore: () => {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    },
  };
}
