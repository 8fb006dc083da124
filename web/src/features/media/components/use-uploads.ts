'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaItem } from '@/features/media/api/media-types';
import { uploadMedia, useInvalidateMedia } from '@/features/media/api/media';
import { uploadErrorMessage } from '@/features/media/lib/media-format';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'error';

export interface Upload {
  id: number;
  name: string;
  status: UploadStatus;
  /** Why it failed (status 'error'). */
  message: string | null;
}

/**
 * Files going into the media library, each with its state. They go one at a time, in the order
 * chosen (also across several choices), so each is checked against the space the ones before it
 * took; each upload that lands refreshes the library.
 */
export function useUploads(onUploaded?: (item: MediaItem) => void) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextId = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const invalidate = useInvalidateMedia();
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);

  const update = useCallback((id: number, patch: Partial<Upload>) => {
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)));
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      const batch = files.map((file) => ({
        file,
        upload: { id: (nextId.current += 1), name: file.name, status: 'waiting', message: null } satisfies Upload,
      }));
      setUploads((list) => [...list, ...batch.map((entry) => entry.upload)]);
      queue.current = queue.current.then(async () => {
        for (const { file, upload } of batch) {
          update(upload.id, { status: 'uploading' });
          try {
            const item = await uploadMedia(file);
            update(upload.id, { status: 'done' });
            onUploadedRef.current?.(item);
            void invalidate();
          } catch (error) {
            update(upload.id, { status: 'error', message: uploadErrorMessage(error) });
          }
        }
      });
    },
    [invalidate, update],
  );

  /** Forgets the uploads that finished (done or failed). */
  const clearFinished = useCallback(() => {
    setUploads((list) => list.filter((upload) => upload.status === 'waiting' || upload.status === 'uploading'));
  }, []);

  return { uploads, add, clearFinished };
}
