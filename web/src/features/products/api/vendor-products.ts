import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { api, buildPath } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';
import type {
  BulkAction,
  GlobalAttribute,
  ProductChangeResult,
  ProductFile,
  ProductFormBody,
  ProductStatus,
  VendorProduct,
  VendorProductList,
  VendorProductSort,
} from '@/features/products/api/vendor-product-types';

/**
 * The signed-in vendor's catalogue: GET /api/v1/vendor/products (searched, filtered, sorted, a
 * page at a time), POST to create, GET and PUT /{id} for the editor (PUT names the version it
 * read), POST /bulk to activate, deactivate or archive many, GET /api/v1/vendor/attributes for the
 * variation builder, the shop's categories (GET /api/v1/categories), and PUT/DELETE /{id}/file
 * for a digital product's file.
 */

export const VENDOR_PRODUCTS_PER_PAGE = 20;

/** Everything cached of the vendor's catalogue; saves and bulk changes invalidate through it. */
export function vendorProductsKey(userId: string) {
  return ['vendor-products', userId] as const;
}

export interface VendorProductFilters {
  q: string;
  /** null: every status but archived. */
  status: ProductStatus | null;
  sort: VendorProductSort;
  page: number;
}

export function vendorProductListQueryOptions(userId: string, filters: VendorProductFilters) {
  return queryOptions({
    queryKey: [...vendorProductsKey(userId), 'list', filters] as const,
    queryFn: ({ signal }): Promise<VendorProductList> =>
      api.get('/api/v1/vendor/products', {
        query: {
          q: filters.q.trim() || undefined,
          status: filters.status ?? undefined,
          sort: filters.sort === 'updated' ? undefined : filters.sort,
          page: filters.page,
          per_page: VENDOR_PRODUCTS_PER_PAGE,
        },
        signal,
      }),
    staleTime: 0,
  });
}

export function useVendorProductList(filters: VendorProductFilters) {
  const { user } = useSession();
  return useQuery({
    ...vendorProductListQueryOptions(user?.id ?? '', filters),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });
}

export function vendorProductQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: [...vendorProductsKey(userId), 'product', id] as const,
    queryFn: ({ signal }): Promise<VendorProduct> =>
      api.get('/api/v1/vendor/products/{id}', { path: { id }, signal }),
    staleTime: 0,
  });
}

export function useVendorProduct(id: string) {
  const { user } = useSession();
  return useQuery({ ...vendorProductQueryOptions(user?.id ?? '', id), enabled: user !== null });
}

/**
 * Creates (no id) or saves (an id, with `body.version` the version the form was read at) a
 * product. The answer is the product as saved: it goes into the cache, and the lists are read
 * again.
 */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProductFormBody }): Promise<VendorProduct> =>
      id === null
        ? api.post('/api/v1/vendor/products', { body })
        : api.put('/api/v1/vendor/products/{id}', { path: { id }, body }),
    onSuccess: (product) => {
      queryClient.setQueryData(vendorProductQueryOptions(userId, product.id).queryKey, product);
      return queryClient.invalidateQueries({ queryKey: [...vendorProductsKey(userId), 'list'] });
    },
  });
}

/** Activates, deactivates or archives the products `ids`; everything cached of the catalogue is read again. */
export function useChangeProducts() {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: BulkAction }): Promise<ProductChangeResult> =>
      api.post('/api/v1/vendor/products/bulk', { body: { ids, action } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorProductsKey(userId) }),
  });
}

/** What a change to a product's file leaves: the file now (null: none), and the product read again (null when that read failed). */
export interface ProductFileChange {
  file: ProductFile | null;
  latest: VendorProduct | null;
}

/**
 * A change to a digital product's file moves the product's version on: the product is read again
 * (into the cache too), so the editor's next save names the new version. The lists are read again.
 */
function useProductFileMutation<Variables extends { id: string }>(send: (variables: Variables) => Promise<ProductFile | null>) {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? '';
  return useMutation({
    mutationFn: async (variables: Variables): Promise<ProductFileChange> => {
      const file = await send(variables);
      try {
        return { file, latest: await queryClient.fetchQuery(vendorProductQueryOptions(userId, variables.id)) };
      } catch {
        return { file, latest: null };
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...vendorProductsKey(userId), 'list'] }),
  });
}

/** A digital product's file may be at most this big (the API refuses more). */
export const MAX_PRODUCT_FILE_BYTES = 200 * 1024 * 1024;

/**
 * Uploads (or replaces) a digital product's file: PUT /api/v1/vendor/products/{id}/file with the
 * raw bytes as the body (application/octet-stream) and the file's name in `filename`.
 */
export function uploadProductFile(id: string, file: File, signal?: AbortSignal): Promise<ProductFile> {
  // The bytes as they are, whatever the file's own type.
  const bytes = file.slice(0, file.size, 'application/octet-stream');
  return apiRequest<ProductFile>('PUT', buildPath('/api/v1/vendor/products/{id}/file', { id }, { filename: file.name }), {
    file: bytes,
    signal,
  });
}

export function useUploadProductFile() {
  return useProductFileMutation<{ id: string; file: File }>(({ id, file }) => uploadProductFile(id, file));
}

/** Removes a digital product's file: DELETE /api/v1/vendor/products/{id}/file. */
export function useRemoveProductFile() {
  return useProductFileMutation<{ id: string }>(async ({ id }) => {
    await api.delete('/api/v1/vendor/products/{id}/file', { path: { id } });
    return null;
  });
}

export function vendorAttributesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...vendorProductsKey(userId), 'attributes'] as const,
    queryFn: ({ signal }): Promise<GlobalAttribute[]> => api.get('/api/v1/vendor/attributes', { signal }),
  });
}

/** The platform's attributes (Size, Colour, …) with their usual values. */
export function useVendorAttributes() {
  const { user } = useSession();
  return useQuery({ ...vendorAttributesQueryOptions(user?.id ?? ''), enabled: user !== null });
}

export interface CategoryChoice {
  slug: string;
  name: string;
}

export function categoryChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['categories', 'choices'] as const,
    queryFn: ({ signal }) => api.get('/api/v1/categories', { signal }),
    select: (data): CategoryChoice[] => data.categories.map(({ slug, name }) => ({ slug, name })),
  });
}

/** The shop's categories, for the editor's category select. */
export function useCategoryChoices() {
  return useQuery(categoryChoicesQueryOptions());
}
