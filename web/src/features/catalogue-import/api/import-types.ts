import type { Schema } from '@/lib/api/client';

/**
 * Product imports' shapes (/api/v1/admin/imports…, /api/v1/vendor/imports…), from the generated
 * schema. The API words statuses, formats and outcomes as plain strings; the unions below are
 * the values it uses.
 */

/** An uploaded product file: where its check or import has got to, and what it reported. */
export type ProductImport = Schema<'ProductImport'>;
export type ProductImportList = Schema<'ProductImportList'>;
/** What happened (or, in a dry run, would happen) to one product of the file. */
export type ImportRow = Schema<'ImportRow'>;
/** A problem with one field of a row; `field` is empty for the whole row. */
export type ImportProblem = Schema<'ImportProblem'>;
export type ImportSummary = Schema<'ImportSummary'>;
export type ImportStore = Schema<'ImportStore'>;

/** The product file formats the importer reads and the exports write. */
export type ImportFormat = 'woocommerce' | 'shopify' | 'csv' | 'json';

/** Where an import is: checked as a dry run first, then imported once confirmed. */
export type ImportStatus = 'checking' | 'checked' | 'importing' | 'done' | 'failed' | 'discarded';

/** What one row of the file did (or would do). */
export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'rejected';
