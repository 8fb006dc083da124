import { apiFetch } from '@/lib/api-client';

/**
 * Downloads a file the API answers only to a signed-in caller (a CSV export): a plain link cannot
 * carry the bearer token, so the file is fetched through apiFetch (token, one refresh on 401,
 * ApiError on failure) and saved from a Blob under `filename`.
 *
 *   await downloadFile('/api/v1/vendor/inventory/export', 'stock.csv');
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const response = await apiFetch('GET', path);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Some browsers still read the file after the click returns: let go of it a little later.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
