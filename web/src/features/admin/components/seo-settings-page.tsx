'use client';

import { useState } from 'react';
import Link from 'next/link';
import type { Path } from 'react-hook-form';
import { ImageOff } from 'lucide-react';
import { z } from 'zod';
import { Panel } from '@/components/area/area-states';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { type SeoSettings, useSaveSeoSettings, useSeoSettings } from '@/features/admin/api/seo';
import { SwitchField } from '@/features/admin/components/admin-form-parts';
import { SettingsForm, SettingsPage, useSettingsForm } from '@/features/admin/components/settings-page';
import { isPictureAddress } from '@/features/admin/lib/branding';

/**
 * The SEO form's checks: the API's limits with its messages (crates/domain/src/settings/seo.rs,
 * Seo::check). The server is the authority; its field errors land under the same inputs.
 */
export const SEO_MESSAGES = {
  title: 'The title is 3 to 70 characters on one line',
  description: 'The description is 20 to 200 characters on one line',
  image: 'Use a picture from the media library (/media/…) or an https:// address, at most 500 characters',
} as const;

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

/** Trimmed text of `min` to `max` characters with no line breaks or other control characters. */
function line(min: number, max: number, message: string) {
  return z
    .string()
    .trim()
    .refine(
      (value) => charCount(value) >= min && charCount(value) <= max && !/[\u0000-\u001f\u007f-\u009f]/.test(value),
      message,
    );
}

const seoSettingsSchema = z.object({
  default_title: line(3, 70, SEO_MESSAGES.title),
  default_description: line(20, 200, SEO_MESSAGES.description),
  social_image_url: z
    .string()
    .trim()
    .refine(isPictureAddress, SEO_MESSAGES.image)
    // Empty is "none": sent as null.
    .transform((value) => (value === '' ? null : value)),
  sitemap_products: z.boolean(),
  sitemap_stores: z.boolean(),
  sitemap_pages: z.boolean(),
}) satisfies z.ZodType<SeoSettings, unknown>;

type SeoSettingsFormInput = z.input<typeof seoSettingsSchema>;

/** The names the API gives field errors under, which are the form's own, in the page's order. */
const FIELD_NAMES = [
  'default_title',
  'default_description',
  'social_image_url',
  'sitemap_products',
  'sitemap_stores',
  'sitemap_pages',
] as const satisfies readonly Path<SeoSettingsFormInput>[];

function formValues(settings: SeoSettings): SeoSettingsFormInput {
  return {
    default_title: settings.default_title,
    default_description: settings.default_description,
    social_image_url: settings.social_image_url ?? '',
    sitemap_products: settings.sitemap_products,
    sitemap_stores: settings.sitemap_stores,
    sitemap_pages: settings.sitemap_pages,
  };
}

const HEADER_DESCRIPTION = 'What search engines and link previews show of the shop, and what its sitemap lists.';

const PICTURE_HINT = (
  <>
    Optional. Shown when a link to the shop is shared. A picture from the{' '}
    <Link href="/admin/media/" className="font-medium text-brand-700 underline">
      media library
    </Link>{' '}
    (/media/…) or an https:// address; 1200 × 630 pixels suits most sites.
  </>
);

/** /admin/seo-settings: the default title and description, the social image and the sitemap. */
export function AdminSeoSettingsPage() {
  return (
    <SettingsPage title="SEO settings" description={HEADER_DESCRIPTION} query={useSeoSettings()}>
      {(settings) => <SeoSettingsForm settings={settings} />}
    </SettingsPage>
  );
}

function SeoSettingsForm({ settings }: { settings: SeoSettings }) {
  const save = useSaveSeoSettings();
  const { form, shell } = useSettingsForm({
    schema: seoSettingsSchema,
    settings,
    toForm: formValues,
    fieldNames: FIELD_NAMES,
    save: (values) => save.mutateAsync(values),
    saving: save.isPending,
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;

  const title = watch('default_title').trim();
  const description = watch('default_description').trim();
  const image = watch('social_image_url').trim();

  return (
    <SettingsForm label="SEO settings" {...shell}>
      <Panel title="Search results" description="Used by every page that has no title or description of its own.">
        <div className="flex flex-col gap-5">
          <FormField
            label="Default title"
            error={errors.default_title?.message}
            hint={`3 to 70 characters; search engines show about 60. ${charCount(title)} now.`}
          >
            <Input type="text" autoComplete="off" maxLength={70} {...register('default_title')} />
          </FormField>
          <FormField
            label="Default description"
            error={errors.default_description?.message}
            hint={`20 to 200 characters, on one line. ${charCount(description)} now.`}
          >
            <Textarea rows={3} maxLength={200} className="min-h-20" {...register('default_description')} />
          </FormField>
          <SearchPreview title={title} description={description} />
        </div>
      </Panel>

      <Panel title="Social image" description="The picture link previews show (Facebook, WhatsApp, X and others).">
        <div className="flex flex-col gap-5">
          <FormField label="Social image address" error={errors.social_image_url?.message} hint={PICTURE_HINT}>
            <Input
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={500}
              placeholder="/media/…"
              {...register('social_image_url')}
            />
          </FormField>
          <SocialPreview image={image} title={title} description={description} />
        </div>
      </Panel>

      <Panel title="Sitemap" description="Which pages the sitemap lists for search engines.">
        <div className="flex flex-col gap-4">
          <p className="text-sm text-neutral-700" data-testid="sitemap-hint">
            The sitemap is at <code>/sitemap.xml</code>; the home page is always in it.
          </p>
          <SwitchField
            label="Products"
            hint="Each product that is on sale."
            error={errors.sitemap_products?.message}
            {...register('sitemap_products')}
          />
          <SwitchField
            label="Stores"
            hint="Each store’s page."
            error={errors.sitemap_stores?.message}
            {...register('sitemap_stores')}
          />
          <SwitchField
            label="Information pages"
            hint="About, FAQ, contact, delivery policy, returns, privacy and terms."
            error={errors.sitemap_pages?.message}
            {...register('sitemap_pages')}
          />
        </div>
      </Panel>
    </SettingsForm>
  );
}

/** The shop's address as a search result shows it. */
function siteAddress(): string {
  return typeof window === 'undefined' ? '' : window.location.host;
}

/** The default title and description as a search engine's result shows them. */
function SearchPreview({ title, description }: { title: string; description: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium text-neutral-800">Search result preview</p>
      <div className="rounded-md border border-neutral-200 bg-white px-4 py-3" data-testid="search-preview">
        <p className="truncate text-xs text-neutral-600">{siteAddress()}</p>
        <p className="truncate text-lg text-[#1a0dab]">{title || 'Your shop’s title'}</p>
        <p className="line-clamp-2 text-sm text-neutral-700">{description || 'Your shop’s description.'}</p>
      </div>
    </div>
  );
}

/** A link preview card: the picture (when it is an address the server takes), the host, title and description. */
function SocialPreview({ image, title, description }: { image: string; title: string; description: string }) {
  const shown = image !== '' && isPictureAddress(image);
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium text-neutral-800">Link preview</p>
      <div className="max-w-md overflow-hidden rounded-md border border-neutral-200 bg-white" data-testid="social-preview">
        {shown ? (
          <SocialPicture key={image} src={image} />
        ) : (
          <div className="flex aspect-[1200/630] items-center justify-center bg-neutral-100 text-sm text-neutral-500">
            No picture
          </div>
        )}
        <div className="flex flex-col gap-0.5 border-t border-neutral-200 px-4 py-3">
          <p className="truncate text-xs uppercase text-neutral-500">{siteAddress()}</p>
          <p className="truncate font-semibold text-neutral-900">{title}</p>
          <p className="line-clamp-2 text-sm text-neutral-600">{description}</p>
        </div>
      </div>
    </div>
  );
}

/** The social image, or a note when it cannot be loaded (a wrong address). */
function SocialPicture({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <div className="flex aspect-[1200/630] items-center justify-center gap-2 bg-neutral-100 text-sm font-medium text-sale">
        <ImageOff aria-hidden="true" className="size-4" />
        The picture at this address could not be loaded.
      </div>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img src={src} alt="The social image" className="aspect-[1200/630] w-full object-cover" onError={() => setBroken(true)} />
  );
}
