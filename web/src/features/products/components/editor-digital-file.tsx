'use client';

import { useEffect, useRef, useState } from 'react';
import { FileDown, Loader2, Trash2, Upload as UploadIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatBytes } from '@/features/media/lib/media-format';
import type { ProductFile, VendorProduct } from '@/features/products/api/vendor-product-types';
import {
  MAX_PRODUCT_FILE_BYTES,
  useRemoveProductFile,
  useUploadProductFile,
  type ProductFileChange,
} from '@/features/products/api/vendor-products';

/** "Comrades plan.pdf · 1.2 MB" */
export function fileLine(file: ProductFile): string {
  return `${file.name} · ${formatBytes(file.bytes)}`;
}

const FALLBACKS: Record<number, string> = {
  400: 'The file is empty or arrived incomplete. Please try again.',
  404: 'This product is not in your store.',
  409: 'Only digital products carry a file.',
  413: 'A file can be at most 200 MB.',
};

/** Why a change to the file failed: the API's own message, else one by status. */
export function fileErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    // An error body of the API's shape carries a code; a proxy's bare 413 does not.
    if (error.isClientError && error.code !== 'http_error') return error.message;
    const known = FALLBACKS[error.status];
    if (known) return known;
    if (error.status === 0) return error.message;
  }
  return fallback;
}

const FILE_DESCRIPTION = 'Buyers get a private link to it after paying, never a public address.';

/**
 * The file of a digital product edited by an admin: its name and size, or that there is none, read
 * only. Only the store's vendor uploads it (the API takes the file from them alone).
 */
export function DigitalFileSummary({ product }: { product: VendorProduct | null }) {
  const saved = product?.product_type === 'digital';
  const current = saved ? product.digital_file : null;
  return (
    <Panel title="Download file" description={FILE_DESCRIPTION}>
      <div className="flex flex-col gap-2 text-sm" data-testid="digital-file-summary">
        {current ? (
          <p className="flex items-center gap-2 font-medium text-neutral-900" data-testid="current-file">
            <FileDown aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
            <span className="min-w-0 break-all">{fileLine(current)}</span>
          </p>
        ) : (
          <p className="text-neutral-700" data-testid="no-file">
            {saved ? 'No file yet: buyers have nothing to download.' : 'Not saved as digital yet, so it has no file.'}
          </p>
        )}
        <p className="text-neutral-600">The store&apos;s vendor uploads the file, from their own product editor.</p>
      </div>
    </Panel>
  );
}

/** What the editor learns of a change: the file now, and the product read again (null: that read failed). */
export type FileChanged = (change: ProductFileChange) => void;

/**
 * The file a digital product's buyers download (edit page only): its name and size with Replace and
 * Remove, or an upload button. Uploads and removals move the product's version on; `onChanged`
 * hands the editor what it needs to keep its next save's version right. `saving` (the form being
 * saved) holds the buttons; `onBusyChange` tells the editor while a change is under way.
 */
export function DigitalFileSection({
  product,
  saving,
  onChanged,
  onBusyChange,
}: {
  /** The product as last read or saved; null while it is not saved yet. */
  product: VendorProduct | null;
  saving: boolean;
  onChanged: FileChanged;
  onBusyChange: (busy: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProductFile();
  const remove = useRemoveProductFile();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [uploadingName, setUploadingName] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);

  if (product === null || product.product_type !== 'digital') {
    return (
      <Panel title="Download file" description={FILE_DESCRIPTION}>
        <p className="text-sm text-neutral-700" data-testid="file-not-saved">
          {product === null
            ? 'Save the product first, then add its file.'
            : 'Save the product as digital first, then add its file.'}
        </p>
      </Panel>
    );
  }

  const id = product.id;
  const current = product.digital_file;

  const send = (file: File) => {
    setError(null);
    setConfirming(false);
    if (file.size === 0) {
      setError('The file is empty');
      return;
    }
    if (file.size > MAX_PRODUCT_FILE_BYTES) {
      setError('A file can be at most 200 MB');
      return;
    }
    setUploadingName(file.name);
    upload.mutate(
      { id, file },
      {
        onSuccess: (change) => {
          onChanged(change);
          toast.success(current ? 'File replaced' : 'File uploaded');
        },
        onError: (cause) => setError(fileErrorMessage(cause, 'The file could not be uploaded. Please try again.')),
        onSettled: () => setUploadingName(null),
      },
    );
  };

  const removeFile = () => {
    setError(null);
    remove.mutate(
      { id },
      {
        onSuccess: (change) => {
          setConfirming(false);
          onChanged(change);
          toast.success('File removed');
        },
        onError: (cause) => {
          setConfirming(false);
          setError(fileErrorMessage(cause, 'The file could not be removed. Please try again.'));
        },
      },
    );
  };

  const held = busy || saving;

  return (
    <Panel title="Download file" description={FILE_DESCRIPTION}>
      <div className="flex flex-col gap-4" data-testid="digital-file">
        {error ? (
          <p role="alert" className="text-sm font-medium text-sale" data-testid="file-error">
            {error}
          </p>
        ) : null}
        <div role="status" className="text-sm">
          {uploadingName !== null ? (
            <p className="flex items-center gap-2 text-neutral-700" data-testid="file-uploading">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              Uploading {uploadingName}…
            </p>
          ) : current ? (
            <p className="flex items-center gap-2 font-medium text-neutral-900" data-testid="current-file">
              <FileDown aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
              <span className="min-w-0 break-all">{fileLine(current)}</span>
            </p>
          ) : (
            <p className="text-neutral-600" data-testid="no-file">
              No file yet: buyers have nothing to download.
            </p>
          )}
        </div>
        {confirming && current ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm font-medium" role="alert">
              Remove {current.name}? Buyers cannot download it until you add a file again.
            </p>
            <Button variant="danger" className="h-10" disabled={held} onClick={removeFile}>
              {remove.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
              Yes, remove the file
            </Button>
            <Button variant="secondary" className="h-10" disabled={held} onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant={current ? 'secondary' : 'primary'} className="h-10" disabled={held} onClick={() => input.current?.click()}>
              <UploadIcon aria-hidden="true" className="size-4" />
              {current ? 'Replace file' : 'Upload a file'}
            </Button>
            {current ? (
              <Button variant="secondary" className="h-10" disabled={held} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="size-4" />
                Remove file
              </Button>
            ) : null}
            <p className="text-xs text-neutral-600">Any kind of file, up to 200 MB.</p>
          </div>
        )}
        <input
          ref={input}
          type="file"
          hidden
          aria-label="Product file"
          data-testid="product-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again is a change too.
            event.target.value = '';
            if (file) send(file);
          }}
        />
      </div>
    </Panel>
  );
}
