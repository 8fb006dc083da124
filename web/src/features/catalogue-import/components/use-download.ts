'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/area/area-states';

/**
 * Runs a download (a file the API gives only to a signed-in caller) with a busy flag, and says
 * in a toast when the file could not be made: the API's reason for a 4xx, `failure` otherwise.
 */
export function useDownload() {
  const [busy, setBusy] = useState(false);
  const run = (download: () => Promise<void>, failure: string) => {
    if (busy) return;
    setBusy(true);
    download()
      .catch((error: unknown) => toast.error('Not downloaded', { description: errorMessage(error, failure) }))
      .finally(() => setBusy(false));
  };
  return { busy, run };
}
