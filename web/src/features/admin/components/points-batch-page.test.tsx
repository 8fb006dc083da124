import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { pointsBatchHref, type PointsBatch, type PointsRedemption } from '@/features/admin/api/points-codes';
import { AdminPointsBatchPage } from '@/features/admin/components/points-batch-page';
import { server } from '@/test/msw-server';
import {
  FLYERS,
  FLYERS_ID,
  OLD,
  OLD_ID,
  pointsBatch,
  problem,
  redemption,
  renderAdminAt,
  SORRY_ID,
} from '@/test/points-codes';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

describe('/admin/points-codes/batch', () => {
  /** The batch's page: its figures and its redemptions, 20 a page; records each page asked for. */
  function serveBatch(shown: PointsBatch, redemptions: PointsRedemption[]) {
    const pages: string[] = [];
    server.use(
      http.get('*/api/v1/admin/points-codes/:id', ({ request, params }) => {
        if (params.id !== shown.id) return problem({ status: 404, code: 'not_found', message: 'Batch not found' });
        const url = new URL(request.url);
        pages.push(url.search);
        const page = Number(url.searchParams.get('page') ?? '1');
        return HttpResponse.json({ batch: shown, redemptions: redemptions.slice((page - 1) * 20, page * 20) });
      }),
    );
    return pages;
  }

  it('shows the batch’s figures and its redemptions, latest first, a page at a time', async () => {
    const all = Array.from({ length: 23 }, (_, index) => redemption(index + 1));
    const pages = serveBatch(pointsBatch({ redeemed: 23 }), all);
    renderAdminAt(<AdminPointsBatchPage />, `id=${FLYERS_ID}&page=2`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Heritage Day flyers' })).toBeInTheDocument();
    expect(pages).toEqual(['?page=2&per_page=20']);
    expect(screen.getByTestId('figure-points')).toHaveTextContent('250');
    expect(screen.getByTestId('figure-redeemed')).toHaveTextContent('23 of 500');
    expect(screen.getByTestId('figure-given')).toHaveTextContent('5,750');
    expect(screen.getByTestId('figure-last-day')).toHaveTextContent('31 Dec 2099');
    expect(screen.getByTestId('figure-made')).toHaveTextContent('admin@bazaar.test, 20 Nov 2026');
    expect(screen.getByTestId('figure-status')).toHaveTextContent('Active');
    expect(screen.getByRole('link', { name: 'All batches' })).toHaveAttribute('href', '/admin/points-codes/');
    expect(screen.getByRole('button', { name: 'Export CSV: Heritage Day flyers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable: Heritage Day flyers' })).toBeInTheDocument();

    const rows = screen.getAllByTestId('redemption');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(all[20]!.code);
    expect(rows[0]).toHaveTextContent('customer21@example.com');
    const pager = screen.getByRole('navigation', { name: 'Redemption pages' });
    expect(pager).toHaveTextContent('Page 2 of 2');
    expect(within(pager).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', pointsBatchHref(FLYERS_ID));
  });

  it('says when none of a disabled batch’s codes was redeemed', async () => {
    serveBatch({ ...OLD, disabled_at: '2026-11-25T10:00:00Z' }, []);
    renderAdminAt(<AdminPointsBatchPage />, `id=${OLD_ID}`);
    expect(await screen.findByTestId('no-redemptions')).toHaveTextContent('None of its codes has been redeemed yet.');
    expect(screen.getByTestId('figure-status')).toHaveTextContent('Disabled');
    expect(screen.queryByRole('button', { name: /^Disable/ })).not.toBeInTheDocument();
  });

  it('says there is no such batch for an unknown id or none', async () => {
    serveBatch(FLYERS, []);
    renderAdminAt(<AdminPointsBatchPage />, `id=${SORRY_ID}`);
    expect(await screen.findByText('No such batch')).toBeInTheDocument();
  });

  it('says there is no such batch for a malformed id, without asking the server', async () => {
    renderAdminAt(<AdminPointsBatchPage />, 'id=nope');
    expect(await screen.findByText('No such batch')).toBeInTheDocument();
  });
});
