'use client';

import { useState } from 'react';
import Link from 'next/link';
import { type FieldError, type Path, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { errorMessage, Panel } from '@/components/area/area-states';
import { ConfirmDialog, useConfirmState } from '@/components/area/confirm-dialog';
import { StatusBadge } from '@/components/area/status-badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import {
  type AdminHomeContent,
  useAdminHomeContent,
  useResetHomeContent,
  useSaveHomeContent,
} from '@/features/admin/api/home-content';
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

type HomeContentFormInput = z.input<typeof homeContentSchema>;
type SlideInput = HomeContentFormInput['slides'][number];
type BannerInput = HomeContentFormInput['banners'][number];

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

const NEW_SLIDE: SlideInput = {
  subtitle: '',
  title: '',
  description: '',
  button_text: 'Shop now',
  link: '/products/',
  image_url: '',
  tone: 'brand',
};

const NEW_BANNER: BannerInput = {
  kicker: '',
  title: '',
  text: '',
  button_text: 'Shop now',
  link: '/products/',
  image_url: '',
  tone: 'brand',
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

type HomeForm = UseFormReturn<HomeContentFormInput, unknown, z.output<typeof homeContentSchema>>;

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
  const slides = useFieldArray({ control: form.control, name: 'slides' });
  const banners = useFieldArray({ control: form.control, name: 'banners' });
  const { errors } = form.formState;

  return (
    <SettingsForm label="Home page" {...shell} notice={<ContentState content={content} form={form} />}>
      <Panel
        title="Hero slides"
        description={`1 to ${MAX_SLIDES} slides, shown in this order; they move on every 6 seconds. A slide without a picture shows a drawing in its colours.`}
      >
        <ListError error={errors.slides} />
        <ol aria-label="Hero slides" className="flex flex-col gap-4">
          {slides.fields.map((field, index) => (
            <li key={field.id} className="rounded-lg border border-neutral-200 p-4">
              <fieldset className="flex min-w-0 flex-col gap-4" data-testid="slide-fields">
                <ItemHeader
                  name={`Slide ${index + 1}`}
                  index={index}
                  count={slides.fields.length}
                  canRemove={slides.fields.length > 1}
                  onMove={(to) => slides.move(index, to)}
                  onRemove={() => slides.remove(index)}
                />
                <SlideFields form={form} index={index} />
              </fieldset>
            </li>
          ))}
        </ol>
        <Button
          variant="secondary"
          className="mt-4 h-10"
          disabled={slides.fields.length >= MAX_SLIDES}
          onClick={() => slides.append(NEW_SLIDE)}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a slide
        </Button>
      </Panel>

      <Panel
        title="Banners"
        description={`Up to ${MAX_BANNERS} banners under the daily deals, two to a row; none hides the section.`}
      >
        <ListError error={errors.banners} />
        {banners.fields.length === 0 ? <p className="text-sm text-neutral-600">No banners: the home page shows none.</p> : null}
        <ol aria-label="Banners" className="flex flex-col gap-4">
          {banners.fields.map((field, index) => (
            <li key={field.id} className="rounded-lg border border-neutral-200 p-4">
              <fieldset className="flex min-w-0 flex-col gap-4" data-testid="banner-fields">
                <ItemHeader
                  name={`Banner ${index + 1}`}
                  index={index}
                  count={banners.fields.length}
                  canRemove
                  onMove={(to) => banners.move(index, to)}
                  onRemove={() => banners.remove(index)}
                />
                <BannerFields form={form} index={index} />
              </fieldset>
            </li>
          ))}
        </ol>
        <Button
          variant="secondary"
          className="mt-4 h-10"
          disabled={banners.fields.length >= MAX_BANNERS}
          onClick={() => banners.append(NEW_BANNER)}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a banner
        </Button>
      </Panel>
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

/** The server's word on the number of slides or banners. */
function ListError({ error }: { error: { message?: string; root?: FieldError } | undefined }) {
  const message = error?.message ?? error?.root?.message;
  if (!message) return null;
  return <p className="mb-4 text-sm font-medium text-sale">{message}</p>;
}

/** An item's name, and its buttons: move up, move down, remove. */
function ItemHeader({
  name,
  index,
  count,
  canRemove,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  canRemove: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <>
      {/* The fieldset's name; it must be its first child, so the visible heading is a copy. */}
      <legend className="sr-only">{name}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-hidden="true" className="text-base font-semibold text-neutral-900">
          {name}
        </p>
        <div className="flex items-center gap-2">
          <IconButton label={`Move ${name.toLowerCase()} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUp aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton
            label={`Move ${name.toLowerCase()} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </IconButton>
          <IconButton label={`Remove ${name.toLowerCase()}`} disabled={!canRemove} onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      </div>
    </>
  );
}

function SlideFields({ form, index }: { form: HomeForm; index: number }) {
  const { register } = form;
  const errors = form.formState.errors.slides?.[index];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Subtitle" error={errors?.subtitle?.message} hint="Optional. Above the title, up to 40 characters.">
        <Input type="text" autoComplete="off" {...register(`slides.${index}.subtitle`)} />
      </FormField>
      <FormField label="Title" error={errors?.title?.message} hint="Up to 80 characters.">
        <Input type="text" autoComplete="off" {...register(`slides.${index}.title`)} />
      </FormField>
      <div className="sm:col-span-2">
        <FormField label="Description" error={errors?.description?.message} hint="Optional. Up to 240 characters.">
          <Input type="text" autoComplete="off" {...register(`slides.${index}.description`)} />
        </FormField>
      </div>
      <FormField label="Button text" error={errors?.button_text?.message} hint="Up to 30 characters.">
        <Input type="text" autoComplete="off" {...register(`slides.${index}.button_text`)} />
      </FormField>
      <FormField label="Link" error={errors?.link?.message} hint={LINK_HINT}>
        <Input type="text" autoComplete="off" spellCheck={false} {...register(`slides.${index}.link`)} />
      </FormField>
      <ImageField form={form} name={`slides.${index}.image_url`} error={errors?.image_url?.message} />
      <FormField label="Colours" error={errors?.tone?.message}>
        <Select {...register(`slides.${index}.tone`)}>
          <option value="brand">Brand (dark green)</option>
          <option value="light">Light</option>
        </Select>
      </FormField>
    </div>
  );
}

function BannerFields({ form, index }: { form: HomeForm; index: number }) {
  const { register } = form;
  const errors = form.formState.errors.banners?.[index];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Kicker" error={errors?.kicker?.message} hint="Optional. The small line above the title, up to 30 characters.">
        <Input type="text" autoComplete="off" {...register(`banners.${index}.kicker`)} />
      </FormField>
      <FormField label="Title" error={errors?.title?.message} hint="Up to 60 characters.">
        <Input type="text" autoComplete="off" {...register(`banners.${index}.title`)} />
      </FormField>
      <div className="sm:col-span-2">
        <FormField label="Text" error={errors?.text?.message} hint="Optional. Up to 160 characters.">
          <Input type="text" autoComplete="off" {...register(`banners.${index}.text`)} />
        </FormField>
      </div>
      <FormField label="Button text" error={errors?.button_text?.message} hint="Up to 30 characters.">
        <Input type="text" autoComplete="off" {...register(`banners.${index}.button_text`)} />
      </FormField>
      <FormField label="Link" error={errors?.link?.message} hint={LINK_HINT}>
        <Input type="text" autoComplete="off" spellCheck={false} {...register(`banners.${index}.link`)} />
      </FormField>
      <ImageField form={form} name={`banners.${index}.image_url`} error={errors?.image_url?.message} />
      <FormField label="Colours" error={errors?.tone?.message}>
        <Select {...register(`banners.${index}.tone`)}>
          <option value="sale">Sale (red)</option>
          <option value="dark">Dark</option>
          <option value="brand">Brand (green)</option>
        </Select>
      </FormField>
    </div>
  );
}

const LINK_HINT = 'A page of this site, like /products/, or an https:// address.';

/** The picture's address, with a small preview once it is one. */
function ImageField({
  form,
  name,
  error,
}: {
  form: HomeForm;
  name: `slides.${number}.image_url` | `banners.${number}.image_url`;
  error: string | undefined;
}) {
  const address = (useWatch({ control: form.control, name }) ?? '').trim();
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <FormField
        label="Image URL"
        error={error}
        hint={
          <>
            Optional. Copy a picture’s address from the{' '}
            <Link href="/admin/media/" className="font-medium text-brand-700 underline">
              media library
            </Link>{' '}
            (/media/…), or an https:// address.
          </>
        }
      >
        <Input type="text" autoComplete="off" spellCheck={false} maxLength={500} {...form.register(name)} />
      </FormField>
      {address && isPictureAddress(address) ? <ImagePreview key={address} src={address} /> : null}
    </div>
  );
}

/** A small preview, or a note when the picture cannot be loaded (a wrong address). */
function ImagePreview({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <p className="text-sm font-medium text-sale">The picture at this address could not be loaded.</p>;
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={src}
      alt="Preview of the picture"
      className="h-20 w-32 rounded-md border border-neutral-200 object-cover"
      onError={() => setBroken(true)}
      data-testid="image-preview"
    />
  );
}
