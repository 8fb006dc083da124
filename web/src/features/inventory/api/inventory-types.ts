import type { Schema } from '@/lib/api/client';

/** The vendor inventory's shapes (/api/v1/vendor/inventory…), from the generated schema. */

/** One stock level: a product without variations, or one variation. */
export type StockLevel = Schema<'StockLevel'>;
export type StockLevelList = Schema<'StockLevelList'>;
export type StockMovement = Schema<'StockMovement'>;
export type StockMovementList = Schema<'StockMovementList'>;
export type StockImportReport = Schema<'StockImportReport'>;
export type StockImportRow = Schema<'StockImportRow'>;
export type LevelChange = Schema<'LevelChange'>;
export type ThresholdChange = Schema<'ThresholdChange'>;

/** Why stock moved. */
export type MovementReason = 'sale' | 'cancellation' | 'manual' | 'import';
/** What an import does with one row. */
export type ImportOutcome = 'updated' | 'unchanged' | 'rejected';
