'use client';

import type { ReactNode } from 'react';
import Link from 'next/link';
import { MediaPicker } from '@/features/media/components/media-picker';
import type {
  EditableStatus,
  GlobalAttribute,
  ProductFormBody,
  VendorProduct,
} from '@/features/products/api/vendor-product-types';
import { useSaveProduct, useVendorAttributes } from '@/features/products/api/vendor-products';
import { EDITABLE_STATUSES, PENDING_REVIEW_MESSAGE } from '@/features/products/lib/product-status';
import { editProductPath, VENDOR_PRODUCTS_PATH } from '@/features/products/lib/vendor-product-list';

const LINK = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** An image picked for the product's pictures. */
export interface PickedImage {
  url: string;
  alt_text: string;
}

/** Draws the button (and dialog) that adds a picture from the store's media library. */
export type PicturePicker = (onPick: (image: PickedImage) => void) => ReactNode;

/** The refusals that say the store may not publish (a save as draft or inactive still goes through). */
export type PublishRefusal = 'agreement_required' | 'store_suspended';

/**
 * What differs between the vendor's product editor and the admin's (the same editor, with admin
 * powers over any store's product): where saves go, which attributes and pictures are offered,
 * whether the download file can be changed, and how the page and its refusals read. The page that
 * shows the editor hands it one of these, so neither area copies the editor.
 */
export interface ProductEditorSource {
  /** Saves the product (`id` null: creates it, which only a vendor does); answers it as saved. */
  save: (variables: { id: string | null; body: ProductFormBody }) => Promise<VendorProduct>;
  /** A save is under way. */
  saving: boolean;
  /** Where a product just created is edited from then on. */
  editPath: (id: string) => string;
  /** Where "All products" leads. */
  listPath: string;
  /** The store the product is edited in, named in the header; null in the store's own area. */
  storeName: string | null;
  /** "View in the shop" opens a new tab (outside the vendor's own area). */
  shopLinkNewTab: boolean;
  /** The platform's attributes (Size, Colour, …) the variation builder offers; empty until loaded. */
  attributes: readonly GlobalAttribute[];
  /** Whose media library pictures and videos come from, as the sections say it ("your media library"). */
  library: string;
  picturePicker: PicturePicker;
  /** True: the download file is uploaded, replaced and removed here; false: it is only shown. */
  fileUploads: boolean;
  /** The status choices, with what each means in this area. */
  statuses: readonly { value: EditableStatus; label: string; hint: string }[];
  /** What a product waiting for review says. */
  pendingReview: string;
  /** What a save refused because the store may not publish says (`message`: the API's), and where it points. */
  publishRefusal: (code: PublishRefusal, message: string) => ReactNode;
}

const NO_ATTRIBUTES: readonly GlobalAttribute[] = [];

const vendorPicturePicker: PicturePicker = (onPick) => (
  <MediaPicker title="Choose a picture" triggerLabel="Add a picture" selectedUrl={null} onPick={onPick} />
);

/** The API's message, then where the vendor settles it. */
const vendorPublishRefusal: ProductEditorSource['publishRefusal'] = (code, message) => (
  <>
    <p className="font-semibold">{message}</p>
    {code === 'agreement_required' ? (
      <p className="mt-1">
        <Link href="/vendor/contracts/" className={LINK}>
          Go to your contracts
        </Link>{' '}
        to accept it, or save the product as a draft for now.
      </p>
    ) : (
      <p className="mt-1">
        <Link href="/vendor/" className={LINK}>
          See your dashboard
        </Link>{' '}
        for the reason; you can still save the product as a draft.
      </p>
    )}
  </>
);

/** The signed-in vendor's editor: their own catalogue, attributes and media library. */
export function useVendorEditorSource(): ProductEditorSource {
  const save = useSaveProduct();
  const attributes = useVendorAttributes();
  return {
    save: (variables) => save.mutateAsync(variables),
    saving: save.isPending,
    editPath: editProductPath,
    listPath: VENDOR_PRODUCTS_PATH,
    storeName: null,
    shopLinkNewTab: false,
    attributes: attributes.data ?? NO_ATTRIBUTES,
    library: 'your media library',
    picturePicker: vendorPicturePicker,
    fileUploads: true,
    statuses: EDITABLE_STATUSES,
    pendingReview: PENDING_REVIEW_MESSAGE,
    publishRefusal: vendorPublishRefusal,
  };
}
