import type { Schema } from '@/lib/api/client';

/**
 * The vendor onboarding API's shapes, from the generated schema, shared by the applicant's
 * pages (features/vendor), the admin's (features/admin) and /seller-signup.
 */

export type ApplicationStatus = 'submitted' | 'approved' | 'rejected' | 'changes_requested';

export type Agreement = Schema<'Agreement'>;
export type AgreementInput = Schema<'AgreementInput'>;
export type AgreementList = Schema<'AgreementList'>;
export type Bank = Schema<'BankView'>;
export type BankList = Schema<'BankList'>;
export type SlugAvailability = Schema<'SlugAvailability'>;
export type ApplicationInput = Schema<'ApplicationInput'>;
export type ApplicationHistoryEntry = Schema<'ApplicationEvent'>;
export type Person = Schema<'Applicant'>;
export type Application = Schema<'Application'>;
export type ApplicationList = Schema<'ApplicationList'>;
export type AdminApplicationList = Schema<'AdminApplicationList'>;
export type DecisionKind = 'approve' | 'reject' | 'request_changes';
export type DecisionInput = Schema<'DecisionInput'>;
export type TodoItem = Schema<'TodoItem'>;
export type VendorStore = Schema<'VendorStore'>;
export type VendorOverview = Schema<'VendorOverview'>;
export type AgreementAcceptance = Schema<'Acceptance'>;
export type VendorAgreements = Schema<'VendorAgreements'>;
export type AdminVendor = Schema<'AdminVendor'>;
export type AdminVendorList = Schema<'AdminVendorList'>;
export type StoreProfile = Schema<'StoreProfile'>;
export type StoreProfileInput = Schema<'StoreProfileInput'>;
