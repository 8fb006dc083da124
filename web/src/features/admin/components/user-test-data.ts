import type { AdminUser, AdminUserDetail, AuditEntry } from '@/features/admin/api/users';

/** Users as the admin API answers them, for the users pages' tests. */

export const USER_UUID = '0190e000-0000-7000-8000-000000000001';

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: USER_UUID,
    email: 'thandi@example.com',
    full_name: 'Thandi Nkosi',
    role: 'customer',
    email_confirmed: true,
    last_sign_in_at: '2026-11-28T09:30:00Z',
    suspended: false,
    suspended_at: null,
    suspended_reason: null,
    points_balance: 120,
    version: 3,
    created_at: '2026-03-12T08:00:00Z',
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<Omit<AuditEntry, 'details'>> & { details?: unknown } = {}): AuditEntry {
  const { details, ...rest } = overrides;
  return {
    id: '0190e000-0000-7000-8000-0000000000a1',
    actor_id: '0190e000-0000-7000-8000-0000000000ad',
    actor_email: 'admin@example.com',
    action: 'user.set_role',
    subject_type: 'user',
    subject_id: USER_UUID,
    created_at: '2026-11-29T10:00:00Z',
    ...rest,
    // The generated schema types `details` as an empty object; the API sends any JSON object.
    details: (details ?? { before: { role: 'customer' }, after: { role: 'vendor' } }) as AuditEntry['details'],
  };
}

export function userDetail(overrides: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    user: adminUser(),
    factors: 0,
    orders: [
      {
        id: '0190e000-0000-7000-8000-0000000000f1',
        order_number: 'BZ-0000001234',
        status: 'delivered',
        total_cents: 125_050,
        created_at: '2026-11-20T12:00:00Z',
      },
    ],
    orders_total: 1,
    points: [
      {
        transaction_type: 'earned',
        points_amount: 120,
        description: 'Order BZ-0000001234',
        created_at: '2026-11-21T12:00:00Z',
      },
    ],
    sessions: [
      {
        id: '0190e000-0000-7000-8000-0000000000c1',
        aal: 'aal1',
        created_at: '2026-11-28T09:30:00Z',
        updated_at: '2026-11-28T10:00:00Z',
      },
    ],
    audit: [],
    ...overrides,
  };
}
