'use client';

import { useFieldArray, useFormContext } from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import type { PicturePicker } from '@/features/products/components/editor-source';
import { LIMITS, type ProductFormValues } from '@/features/products/lib/product-form';

/**
 * The product's pictures: picked from the store's media library with `picker`, with alt text, in
 * order (the first is the card's). `library` names that library ("your media library").
 */
export function PicturesSection({ error, picker, library }: { error?: string; picker: PicturePicker; library: string }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'images' });

  return (
    <Panel
      title="Pictures"
      description={`Up to ${LIMITS.images}, from ${library}. The first one is shown on product cards.`}
    >
      <div className="flex flex-col gap-4">
        {error ? (
          <p className="text-sm font-medium text-sale" data-testid="pictures-error">
            {error}
          </p>
        ) : null}
        {fields.length === 0 ? (
          <p className="text-sm text-neutral-600">No pictures yet.</p>
        ) : (
          <ol aria-label="Pictures" className="flex flex-col gap-3">
            {fields.map((field, index) => {
              const number = index + 1;
              return (
                <li
                  key={field.id}
                  className="flex flex-wrap items-start gap-4 rounded-lg border border-neutral-200 p-3"
                  data-testid="product-picture"
                >
                  {/* The alt text below describes it; the thumbnail itself is decoration here. */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img
                    src={field.url}
                    alt=""
                    loading="lazy"
                    className="size-20 shrink-0 rounded-md border border-neutral-200 bg-neutral-100 object-contain"
                  />
                  <div className="flex min-w-48 flex-1 flex-col gap-2">
                    <p className="text-sm font-medium text-neutral-900">
                      Picture {number}
                      {index === 0 ? <span className="font-normal text-neutral-600"> · shown on cards</span> : null}
                    </p>
                    <FormField
                      label={`Alt text of picture ${number}`}
                      hint="What the picture shows, for people who cannot see it."
                      error={errors.images?.[index]?.alt?.message}
                    >
                      <Input type="text" {...register(`images.${index}.alt`)} />
                    </FormField>
                  </div>
                  <div className="flex gap-1">
                    <IconButton label={`Move picture ${number} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </IconButton>
                    <IconButton
                      label={`Move picture ${number} down`}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </IconButton>
                    <IconButton label={`Remove picture ${number}`} onClick={() => remove(index)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                    </IconButton>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <div>
          {fields.length < LIMITS.images ? (
            picker((item) => append({ url: item.url, alt: item.alt_text }))
          ) : (
            <p className="text-sm text-neutral-600">That is the most a product can have.</p>
          )}
        </div>
      </div>
    </Panel>
  );
}

/** The product's videos: links to ones in the store's media library (/media/…) or elsewhere (https://…). */
export function VideosSection({ error, library }: { error?: string; library: string }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'videos' });

  return (
    <Panel
      title="Videos"
      description={`Up to ${LIMITS.videos} links: a video in ${library} (its /media/… address) or an https:// address.`}
    >
      <div className="flex flex-col gap-4">
        {error ? (
          <p className="text-sm font-medium text-sale" data-testid="videos-error">
            {error}
          </p>
        ) : null}
        {fields.length > 0 ? (
          <ol aria-label="Videos" className="flex flex-col gap-3">
            {fields.map((field, index) => (
              <li key={field.id} className="flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <FormField label={`Link of video ${index + 1}`} error={errors.videos?.[index]?.url?.message}>
                    <Input
                      type="text"
                      inputMode="url"
                      autoCapitalize="none"
                      autoCorrect="off"
                      spellCheck={false}
                      placeholder="/media/… or https://"
                      {...register(`videos.${index}.url`)}
                    />
                  </FormField>
                </div>
                <IconButton size="lg" label={`Remove video ${index + 1}`} onClick={() => remove(index)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                </IconButton>
              </li>
            ))}
          </ol>
        ) : null}
        <div>
          <Button
            variant="secondary"
            className="h-10"
            disabled={fields.length >= LIMITS.videos}
            onClick={() => append({ url: '' })}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add a video link
          </Button>
        </div>
      </div>
    </Panel>
  );
}
