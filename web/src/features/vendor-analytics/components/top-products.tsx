import { Panel } from '@/components/area/area-states';
import { ScrollTable } from '@/components/area/scroll-table';
import { formatMoney } from '@/lib/money';
import type { AnalyticsPeriod, AnalyticsTopProduct } from '@/features/vendor-analytics/api/analytics-types';
import {
  conversionPercent,
  formatCount,
  formatPercent,
} from '@/features/vendor-analytics/lib/analytics-figures';
import { periodLook } from '@/features/vendor-analytics/lib/analytics-params';

/** A product deleted since it sold has no name left. */
export const REMOVED_PRODUCT = 'A removed product';

/** The period's best sellers (up to ten, most sales first, as the API orders them). */
export function TopProducts({ products, period }: { products: readonly AnalyticsTopProduct[]; period: AnalyticsPeriod }) {
  const look = periodLook(period);
  return (
    <Panel
      title="Top products"
      description={`Your best sellers over ${look.span}. Conversion is units sold per 100 views of the product.`}
    >
      {products.length === 0 ? (
        <p className="text-sm text-neutral-600" data-testid="no-top-products">
          No product has sold or been viewed over {look.span}.
        </p>
      ) : (
        <ScrollTable label="Top products" className="-mx-5 sm:mx-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Top products over {look.span}</caption>
            <thead className="border-b border-neutral-200 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Product
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Units
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Sales
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Views
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Conversion
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {products.map((product) => (
                <tr key={product.product_id} data-testid="top-product-row">
                  <th scope="row" className="px-3 py-2 font-medium text-neutral-900">
                    {product.name ?? <span className="font-normal text-neutral-600 italic">{REMOVED_PRODUCT}</span>}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(product.units)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(product.sales_cents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(product.views)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatPercent(conversionPercent(product.units, product.views))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </Panel>
  );
}
