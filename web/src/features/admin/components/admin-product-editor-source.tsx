'use client';

import type { GlobalAttribute } from '@/features/products/api/vendor-product-types';
import type { ProductEditorSource } from '@/features/products/components/editor-source';
import { useAdminAttributes } from '@/features/admin/api/attributes';
import {
  adminEditProductPath,
  PRODUCTS_PATH,
  useSaveEditedProduct,
  type AdminEditedProduct,
} from '@/features/admin/api/products';
import { StorePicturePicker } from '@/features/admin/components/admin-product-editor-media';

/** An admin's status choices: "active" publishes at once, since the admin is the reviewer. */
const ADMIN_STATUSES: ProductEditorSource['statuses'] = [
  { value: 'draft', label: 'Draft', hint: 'Not on sale; the store’s vendor can keep working on it.' },
  { value: 'active', label: 'Active', hint: 'On sale in the store at once: an admin’s change needs no review.' },
  { value: 'inactive', label: 'Inactive', hint: 'Taken off sale; it keeps its details.' },
];

const NO_ATTRIBUTES: readonly GlobalAttribute[] = [];

/**
 * The product editor with admin powers over `edited`'s store: saves go to PUT
 * /api/v1/admin/products/{id}, the attributes are the platform's (GET /admin/global-attributes;
 * the vendor's list answers 403 to an admin), pictures come from the store's library, and the
 * download file is only shown (its vendor uploads it). The API's refusals to publish are worded
 * to vendors ("your store"), so the admin is told about the store instead.
 */
export function useAdminEditorSource(edited: AdminEditedProduct): ProductEditorSource {
  const save = useSaveEditedProduct();
  const attributes = useAdminAttributes();
  const { vendor_id: vendorId, vendor_name: storeName } = edited;
  const id = edited.product.id;
  return {
    // This editor only ever has the one product: a store creates its products itself.
    save: ({ body }) => save.mutateAsync({ id, body }).then((answer) => answer.product),
    saving: save.isPending,
    editPath: adminEditProductPath,
    listPath: PRODUCTS_PATH,
    storeName,
    shopLinkNewTab: true,
    attributes: attributes.data?.attributes ?? NO_ATTRIBUTES,
    library: `${storeName}’s media library`,
    picturePicker: (onPick) => <StorePicturePicker vendorId={vendorId} storeName={storeName} onPick={onPick} />,
    fileUploads: false,
    statuses: ADMIN_STATUSES,
    pendingReview: 'Waiting for review: saving it as Active approves it and puts it on sale.',
    publishRefusal: (code) =>
      code === 'agreement_required' ? (
        <>
          <p className="font-semibold">
            {storeName} has not accepted the current vendor agreement, so its products cannot be published.
          </p>
          <p className="mt-1">Save the product as a draft or inactive until the store accepts it.</p>
        </>
      ) : (
        <>
          <p className="font-semibold">{storeName} is suspended, so its products cannot be published.</p>
          <p className="mt-1">You can still save the product as a draft or inactive.</p>
        </>
      ),
  };
}
