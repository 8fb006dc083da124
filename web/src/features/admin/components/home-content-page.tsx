'use client';

import { useState } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import {
  type AdminHomeContent,
  useAdminHomeContent,
  useResetHomeContent,
  useSaveHomeContent,
} from '@/features/admin/api/home-content';
import { type HomeContentKind, HomeContentItems } from '@/features/admin/components/home-content-fields';
import { SettingsForm, SettingsPage, useSettingsForm } from '@/features/admin/components/settings-page';
import { isPictureAddress } from '@/features/admin/lib/branding';

/**
 * The checks of the home content, with the API's limits and messages
 * (crates/domain/src/settings/home.rs, HomeContent::check). The server is the authority; its
 * field errors land under the same inputs, by their `slides.0.title`-like names.
 */
export const MAX_SLIDES = 6;
export const MAX_BANNERS = 4;
const LINK_BYTES = 300;

export const HOME_CONTENT_MESSAGES = {
  slides: `Show 1 to ${MAX_SLIDES} slides`,
  banners: `Show at most ${MAX_BANNERS} banners`,
  link: `Link to a page of this site (/…) or an https:// address, at most ${LINK_BYTES} characters`,
  image: 'Use a picture from the media library (/media/…) or an https:// address, at most 500 characters',
  missing: (what: string) => `Enter the ${what}`,
  tooLong: (what: string, max: number) => `The ${what} is at most ${max} characters on one line`,
} as const;

/** Control characters, which the server refuses in any text (Rust's char::is_control). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Trimmed, `min` to `max` characters (as the server counts them, not UTF-16 units), one line. */
function text(min: number, max: number, what: string) {
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      const length = Array.from(value).length;
      if (length < min) context.addIssue({ code: 'custom', message: HOME_CONTENT_MESSAGES.missing(what) });
      else if (length > max || CONTROL.test(value)) {
        context.addIssue({ code: 'custom', message: HOME_CONTENT_MESSAGES.tooLong(what, max) });
      }
    });
}

/** A path on this site (not `//host`) or an https:// address; no spaces, quotes or `<`. */
export function isContentLink(value: string): boolean {
  const local = value.startsWith('/') && !value.startsWith('//');
  return (
    (local || value.startsWith('https://')) &&
    new TextEncoder().encode(value).length <= LINK_BYTES &&
    !/[\s\u0000-\u001f\u007f-\u009f"'<]/.test(value)
  );
}

const link = z.string().trim().refine(isContentLink, HOME_CONTENT_MESSAGES.link);

/** Empty is "no picture": sent as null. */
const image = z
  .string()
  .trim()
  .refine(isPictureAddress, HOME_CONTENT_MESSAGES.image)
  .transform((value) => (value === '' ? null : value));

/** A tone the server knows (it answers any text, and refuses others as here). */
function oneOf(tones: readonly string[]) {
  return z
    .string()
    .trim()
    .refine((tone) => tones.includes(tone), `Choose one of: ${tones.join(', ')}`);
}

const slideSchema = z.object({
  subtitle: text(0, 40, 'subtitle'),
  title: text(1, 80, 'title'),
  description: text(0, 240, 'description'),
  button_text: text(1, 30, 'button text'),
  link,
  image_url: image,
  tone: oneOf(['brand', 'light']),
});

const bannerSchema = z.object({
  kicker: text(0, 30, 'kicker'),
  title: text(1, 60, 'title'),
  text: text(0, 160, 'text'),
  button_text: text(1, 30, 'button text'),
  link,
  image_url: image,
  tone: oneOf(['sale', 'dark', 'brand']),
});

const homeContentSchema = z.object({
  slides: z.array(slideSchema).min(1, HOME_CONTENT_MESSAGES.slides).max(MAX_SLIDES, HOME_CONTENT_MESSAGES.slides),
  banners: z.array(bannerSchema).max(MAX_BANNERS, HOME_CONTENT_MESSAGES.banners),
});

export type HomeContentFormInput = z.input<typeof homeContentSchema>;

const SLIDE_FIELDS = ['subtitle', 'title', 'description', 'button_text', 'link', 'image_url', 'tone'] as const;
const BANNER_FIELDS = ['kicker', 'title', 'text', 'button_text', 'link', 'image_url', 'tone'] as const;

/** The names the API gives field errors under, in the page's order (the first refused is focused). */
const FIELD_NAMES: readonly Path<HomeContentFormInput>[] = [
  'slides',
  ...Array.from({ length: MAX_SLIDES }, (_, index) => SLIDE_FIELDS.map((field) => `slides.${index}.${field}` as const)).flat(),
  'banners',
  ...Array.from({ length: MAX_BANNERS }, (_, index) => BANNER_FIELDS.map((field) => `banners.${index}.${field}` as const)).flat(),
];

/** The content as the form holds it: every text a string, no picture as ''. */
function formValues(content: AdminHomeContent): HomeContentFormInput {
  return {
    slides: content.slides.map((slide) => ({
      subtitle: slide.subtitle ?? '',
      title: slide.title,
      description: slide.description ?? '',
      button_text: slide.button_text,
      link: slide.link,
      image_url: slide.image_url ?? '',
      tone: slide.tone,
    })),
    banners: content.banners.map((banner) => ({
      kicker: banner.kicker ?? '',
      title: banner.title,
      text: banner.text ?? '',
      button_text: banner.button_text,
      link: banner.link,
      image_url: banner.image_url ?? '',
      tone: banner.tone,
    })),
  };
}

/** How each list is edited: its texts, limits, new item and colours (the fields are home-content-fields.tsx). */
const SLIDES: HomeContentKind<'slides'> = {
  list: 'slides',
  title: 'Hero slides',
  description: `1 to ${MAX_SLIDES} slides, shown in this order; they move on every 6 seconds. A slide without a picture shows a drawing in its colours.`,
  item: 'Slide',
  add: 'Add a slide',
  testId: 'slide-fields',
  min: 1,
  max: MAX_SLIDES,
  blank: {
    subtitle: '',
    title: '',
    description: '',
    button_text: 'Shop now',
    link: '/products/',
    image_url: '',
    tone: 'brand',
  },
  texts: [
    { field: 'subtitle', label: 'Subtitle', hint: 'Optional. Above the title, up to 40 characters.' },
    { field: 'title', label: 'Title', hint: 'Up to 80 characters.' },
    { field: 'description', label: 'Description', hint: 'Optional. Up to 240 characters.' },
  ],
  tones: [
    { value: 'brand', label: 'Brand (dark green)' },
    { value: 'light', label: 'Light' },
  ],
};

const BANNERS: HomeContentKind<'banners'> = {
  list: 'banners',
  title: 'Banners',
  description: `Up to ${MAX_BANNERS} banners under the daily deals, two to a row; none hides the section.`,
  item: 'Banner',
  add: 'Add a banner',
  empty: 'No banners: the home page shows none.',
  testId: 'banner-fields',
  min: 0,
  max: MAX_BANNERS,
  blank: {
    kicker: '',
    title: '',
    text: '',
    button_text: 'Shop now',
    link: '/products/',
    image_url: '',
    tone: 'brand',
  },
  texts: [
    { field: 'kicker', label: 'Kicker', hint: 'Optional. The small line above the title, up to 30 characters.' },
    { field: 'title', label: 'Title', hint: 'Up to 60 characters.' },
    { field: 'text', label: 'Text', hint: 'Optional. Up to 160 characters.' },
  ],
  tones: [
    { value: 'sale', label: 'Sale (red)' },
    { value: 'dark', label: 'Dark' },
    { value: 'brand', label: 'Brand (green)' },
  ],
};

const HEADER_DESCRIPTION = 'The slides at the top of the home page and the banners under its daily deals.';

/** /admin/home-page: the home page's hero slides and banners. */
export function AdminHomeContentPage() {
  return (
    <SettingsPage title="Home page" description={HEADER_DESCRIPTION} query={useAdminHomeContent()}>
      {(content) => <HomeContentForm content={content} />}
    </SettingsPage>
  );
}

export type HomeForm = UseFormReturn<HomeContentFormInput, unknown, z.output<typeof homeContentSchema>>;

function HomeContentForm({ content }: { content: AdminHomeContent }) {
  const save = useSaveHomeContent();
  const { form, shell } = useSettingsForm({
    schema: homeContentSchema,
    settings: content,
    toForm: formValues,
    fieldNames: FIELD_NAMES,
    save: (values) => save.mutateAsync(values),
    saving: save.isPending,
  });

  return (
    <SettingsForm label="Home page" {...shell} notice={<ContentState content={content} form={form} />}>
      <HomeContentItems form={form} kind={SLIDES} />
      <HomeContentItems form={form} kind={BANNERS} />
    </SettingsForm>
  );
}

/**
 * Whether the home page shows the built-in content or the admins', and "Restore the built-in
 * content" (DELETE, after a confirmation), which fills the form in with it.
 */
function ContentState({ content, form }: { content: AdminHomeContent; form: HomeForm }) {
  const reset = useResetHomeContent();
  const dialog = useConfirmState();
  const [restored, setRestored] = useState(false);
  const { isDirty } = form.formState;

  async function restore() {
    dialog.setError(null);
    try {
      form.reset(formValues(await reset.mutateAsync()));
      setRestored(true);
      dialog.close();
    } catch (error) {
      dialog.setError(errorMessage(error, 'The built-in content could not be put back. Please try again.'));
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-neutral-200 bg-white px-5 py-4">
      <p className="text-sm text-neutral-700">The home page shows</p>
      <StatusBadge
        label={content.is_default ? 'Built-in content' : 'Edited'}
        tone={content.is_default ? 'neutral' : 'info'}
      />
      {restored && content.is_default && !isDirty ? (
        <p role="status" className="text-sm font-medium text-green-700">
          The built-in content is back
        </p>
      ) : null}
      <div className="ml-auto">
        <ConfirmDialog
          open={dialog.open}
          onOpenChange={dialog.onOpenChange}
          trigger={
            <Button variant="secondary" className="h-10" disabled={content.is_default && !isDirty}>
              Restore the built-in content
            </Button>
          }
          title="Restore the built-in content?"
          description="The home page goes back to the slides and banners the site was designed with. These slides and banners, and any changes not saved yet, are removed."
          confirmLabel="Restore"
          onConfirm={() => void restore()}
          pending={reset.isPending}
          error={dialog.error}
          testId="restore-home-dialog"
        />
      </div>
    </div>
  );
}
