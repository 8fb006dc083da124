import type { AdminVendor, Agreement, Application, Bank, StoreProfile } from '@/lib/selling/types';

/** Vendor onboarding payloads shaped as the API contract has them. */

export function agreement(overrides: Partial<Agreement> = {}): Agreement {
  return {
    id: '0190d000-0000-7000-8000-00000000a001',
    version: 2,
    title: 'Vendor Agreement 2026',
    commission_rate_bps: 1250,
    payout_schedule: 'Weekly, every Friday',
    terms: 'You sell genuine products.\n\nWe pay out weekly, less commission.',
    published_at: '2026-01-15T08:00:00Z',
    ...overrides,
  };
}

export const BANKS: Bank[] = [
  { name: 'Absa Bank', universal_branch_code: '632005' },
  { name: 'Capitec Bank', universal_branch_code: '470010' },
  { name: 'Standard Bank', universal_branch_code: '051001' },
];

export function application(overrides: Partial<Application> = {}): Application {
  return {
    id: '0190d000-0000-7000-8000-00000000b001',
    status: 'submitted',
    store_name: 'Cape Trail Co',
    store_slug: 'cape-trail-co',
    description: 'Trail running gear made and tested in the Cape.',
    category_focus: 'Trail running',
    contact_phone: '+27825551234',
    company_registration: null,
    vat_number: null,
    bank: {
      bank_name: 'Capitec Bank',
      account_holder: 'Cape Trail Co',
      account_number_masked: '•••• 6789',
      branch_code: '470010',
    },
    agreement_version: 2,
    decision_message: null,
    vendor_id: null,
    created_at: '2026-03-01T09:00:00Z',
    submitted_at: '2026-03-01T09:00:00Z',
    decided_at: null,
    history: [{ status: 'submitted', message: null, created_at: '2026-03-01T09:00:00Z' }],
    applicant: { id: '0190b000-0000-7000-8000-000000000001', email: 'chloe@example.com', full_name: 'Chloe Customer' },
    ...overrides,
  };
}

export function adminVendor(overrides: Partial<AdminVendor> = {}): AdminVendor {
  return {
    id: '0190d000-0000-7000-8000-00000000c001',
    store_slug: 'karoo-outdoor',
    store_name: 'Karoo Outdoor Co.',
    category_focus: 'Hiking and camping',
    status: 'approved',
    suspended_reason: null,
    owner: { id: '0190d000-0000-7000-8000-00000000c101', email: 'karoo@example.com', full_name: 'Karoo Owner' },
    commission_rate_bps: null,
    effective_commission_bps: 1250,
    products: 19,
    created_at: '2026-01-01T08:00:00Z',
    ...overrides,
  };
}

export function storeProfile(overrides: Partial<StoreProfile> = {}): StoreProfile {
  return {
    id: '0190d000-0000-7000-8000-00000000c002',
    store_slug: 'cape-trail-co',
    status: 'approved',
    store_name: 'Cape Trail Co',
    store_description: 'Trail running gear made and tested in the Cape.',
    store_logo_url: null,
    store_banner_url: null,
    accent_color: null,
    standard_delivery_min_days: 2,
    standard_delivery_max_days: 5,
    return_policy: '',
    social_links: { instagram: 'https://instagram.com/capetrailco' },
    ...overrides,
  };
}
