import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouter, useSearchParams, type ReadonlyURLSearchParams } from 'next/navigation';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditLog } from '@/features/admin/api/audit';
import { AdminAuditLogPage, auditHref, auditParamsFrom } from '@/features/admin/components/audit-log-page';
import { auditEntry, ORDER_ID } from '@/test/admin-orders';
import { storeSession } from '@/test/auth';
import { server } from '@/test/msw-server';
import { renderWithQueryClient } from '@/test/render';

vi.mock('next/navigation', () => ({ useRouter: vi.fn(), useSearchParams: vi.fn() }));

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  vi.mocked(useRouter).mockReturnValue({ replace, push: vi.fn() } as unknown as ReturnType<typeof useRouter>);
});

function serveLog(log: AuditLog) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/admin/audit-log', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(log);
    }),
  );
  return queries;
}

function renderPage(search = '') {
  storeSession();
  vi.mocked(useSearchParams).mockReturnValue(new URLSearchParams(search) as unknown as ReadonlyURLSearchParams);
  return renderWithQueryClient(<AdminAuditLogPage />);
}

const suspended = auditEntry({
  id: 'e-2',
  action: 'user.suspend',
  subject_type: 'user',
  subject_id: 'u-7',
  details: { reason: 'Chargeback fraud', before: { suspended: false }, after: { suspended: true } } as unknown as AuditEntry['details'],
});

describe('/admin/audit-log', () => {
  it('asks for the filters in the URL and shows each entry, linked to its object’s page', async () => {
    const queries = serveLog({ entries: [auditEntry(), suspended], total: { count: 2, capped: false } });
    renderPage('actor=ops&action=order&subject_type=order&subject_id=abc&from=2026-11-01&to=2026-11-30&page=2');

    const entries = (await screen.findAllByTestId('audit-entry')) as [HTMLElement, HTMLElement];
    expect(queries[0]).toBe('?actor=ops&action=order&subject_type=order&subject_id=abc&from=2026-11-01&to=2026-11-30&page=2&per_page=20');
    expect(screen.getByTestId('audit-count')).toHaveTextContent('2 entries');
    expect(within(entries[0]).getByTestId('audit-action')).toHaveTextContent('Moved an order on');
    expect(within(entries[0]).getByTestId('audit-subject')).toHaveAttribute('href', `/admin/orders/?id=${ORDER_ID}`);
    expect(within(entries[0]).getByTestId('audit-change')).toHaveTextContent('Status:paid');
    expect(within(entries[0]).getByTestId('audit-change')).toHaveTextContent('processing');
    expect(within(entries[1]).getByTestId('audit-subject')).toHaveAttribute('href', '/admin/users/?id=u-7');
    expect(within(entries[1]).getByTestId('audit-reason')).toHaveTextContent('Chargeback fraud');

    expect(screen.getByLabelText('Admin email')).toHaveValue('ops');
    expect(screen.getByLabelText('Action')).toHaveValue('order');
    expect(screen.getByLabelText('Object type')).toHaveValue('order');
    expect(screen.getByLabelText('Object id')).toHaveValue('abc');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
  });

  it('puts the filters in the URL, back on page 1, when applied', async () => {
    serveLog({ entries: [auditEntry()], total: { count: 1, capped: false } });
    renderPage('page=4');
    await screen.findAllByTestId('audit-entry');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Admin email'), ' ops@ ');
    await user.type(screen.getByLabelText('Action'), 'user.suspend');
    await user.selectOptions(screen.getByLabelText('Object type'), 'User');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(replace).toHaveBeenCalledWith('/admin/audit-log/?actor=ops%40&action=user.suspend&subject_type=user&to=2026-11-30', {
      scroll: false,
    });
  });

  it('shows an empty state with a way out of the filters, and says when the count is capped', async () => {
    serveLog({ entries: [], total: { count: 0, capped: false } });
    const { unmount } = renderPage('action=product.reject');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No admin action matches these filters.');
    expect(screen.getByRole('link', { name: 'Clear the filters' })).toHaveAttribute('href', '/admin/audit-log/');
    unmount();

    serveLog({ entries: [auditEntry()], total: { count: 10000, capped: true } });
    renderPage();
    expect(await screen.findByTestId('audit-count')).toHaveTextContent('More than 10,000 entries');
  });

  it('reads back what it writes, and drops days the API would refuse', () => {
    const filters = auditParamsFrom(new URLSearchParams('actor= a@b &action=user&from=yesterday&to=2026-12-01&page=0'));
    expect(filters).toEqual({ actor: 'a@b', action: 'user', subjectType: '', subjectId: '', from: '', to: '2026-12-01', page: 1 });
    expect(auditHref(filters)).toBe('/admin/audit-log/?actor=a%40b&action=user&to=2026-12-01');
    expect(auditHref(auditParamsFrom(null))).toBe('/admin/audit-log/');
  });
});
