'use client';

import { useRef } from 'react';
import { CircleAlert, CircleCheck, Clock, Loader2, Upload as UploadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { MediaItem } from '@/features/media/api/media-types';
import { useUploads, type Upload } from '@/features/media/components/use-uploads';

/** What the library takes (the server checks the bytes themselves). */
export const ACCEPT_ALL = 'image/jpeg,image/png,image/webp,video/mp4,video/webm';
export const ACCEPT_IMAGES = 'image/jpeg,image/png,image/webp';

/**
 * A button that opens the file chooser (several files at once) and the list of what is being
 * uploaded: waiting, uploading, done, or the server's reason for refusing it.
 */
export function UploadControl({
  accept = ACCEPT_ALL,
  label = 'Upload files',
  hint,
  onUploaded,
}: {
  accept?: string;
  label?: string;
  hint?: string;
  onUploaded?: (item: MediaItem) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { uploads, add, clearFinished } = useUploads(onUploaded);
  const finished = uploads.some((upload) => upload.status === 'done' || upload.status === 'error');

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => input.current?.click()} className="h-10">
          <UploadIcon aria-hidden="true" className="size-4" />
          {label}
        </Button>
        {hint ? <p className="text-xs text-neutral-600">{hint}</p> : null}
        <input
          ref={input}
          type="file"
          multiple
          accept={accept}
          hidden
          data-testid="media-file-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared, so choosing the same file again is a change too.
            event.target.value = '';
            if (files.length > 0) add(files);
          }}
        />
      </div>
      {uploads.length > 0 ? (
        <div className="flex flex-col gap-2">
          <ul aria-label="Uploads" aria-live="polite" className="flex flex-col gap-1.5 text-sm">
            {uploads.map((upload) => (
              <UploadRow key={upload.id} upload={upload} />
            ))}
          </ul>
          {finished ? (
            <div>
              <button
                type="button"
                onClick={clearFinished}
                className="text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
              >
                Clear finished uploads
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

const STATUS_TEXT: Record<Exclude<Upload['status'], 'error'>, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading…',
  done: 'Uploaded',
};

function UploadRow({ upload }: { upload: Upload }) {
  return (
    <li
      className="flex items-start gap-2 rounded-md border border-neutral-200 bg-white px-3 py-2"
      data-testid="upload"
      data-status={upload.status}
    >
      <StatusIcon status={upload.status} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-neutral-900">{upload.name}</span>
        {upload.status === 'error' ? (
          <span className="block text-sale" data-testid="upload-error">
            {upload.message}
          </span>
        ) : (
          <span className="block text-neutral-600">{STATUS_TEXT[upload.status]}</span>
        )}
      </span>
    </li>
  );
}

function StatusIcon({ status }: { status: Upload['status'] }) {
  const className = 'mt-0.5 size-4 shrink-0';
  if (status === 'uploading') return <Loader2 aria-hidden="true" className={`${className} animate-spin text-neutral-500`} />;
  if (status === 'done') return <CircleCheck aria-hidden="true" className={`${className} text-green-600`} />;
  if (status === 'error') return <CircleAlert aria-hidden="true" className={`${className} text-sale`} />;
  return <Clock aria-hidden="true" className={`${className} text-neutral-400`} />;
}
