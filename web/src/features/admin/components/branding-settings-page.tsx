'use client';

import { useState } from 'react';
import Link from 'next/link';
import type { Path } from 'react-hook-form';
import { Store } from 'lucide-react';
import { z } from 'zod';
import { Panel } from '@/components/area/area-states';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { SITE_NAME_FALLBACK, usePublicSettings } from '@/lib/public-settings';
import { type BrandingSettings, useBrandingSettings, useSaveBrandingSettings } from '@/features/admin/api/branding';
import { ColourField, ThemePreview } from '@/features/admin/components/branding-colours';
import { SettingsForm, SettingsPage, useSettingsForm } from '@/features/admin/components/settings-page';
import {
  BRANDING_MESSAGES,
  colourProblem,
  FONT_LABELS,
  FONT_STACKS,
  isPictureAddress,
  LOGO_TEXT_CHARS,
  parseHexColour,
  type ThemeMode,
} from '@/features/admin/lib/branding';

/** Characters, as the server counts them (not UTF-16 units). */
function charCount(value: string): number {
  return Array.from(value).length;
}

const picture = z.string().trim().refine(isPictureAddress, BRANDING_MESSAGES.url);

/** A theme's colour: readable on its surface, sent as `#rrggbb`. */
function colour(mode: ThemeMode) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = colourProblem(mode, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => parseHexColour(value) ?? value);
}

/**
 * The branding form's checks, with the API's messages (crates/domain/src/settings/branding.rs,
 * BrandingDraft::parse). The server is the authority; its field errors land under the same inputs.
 */
const brandingSchema = z.object({
  logo_url: picture,
  logo_text: z
    .string()
    .trim()
    .refine((value) => charCount(value) <= LOGO_TEXT_CHARS, BRANDING_MESSAGES.logoText),
  favicon_url: picture,
  light_brand: colour('light'),
  light_sale: colour('light'),
  dark_brand: colour('dark'),
  dark_sale: colour('dark'),
  body_font: z.string(),
  heading_font: z.string(),
});

type BrandingFormInput = z.input<typeof brandingSchema>;

/** The names the API gives field errors under, which are the form's own, in the page's order. */
const FIELD_NAMES = [
  'logo_url',
  'logo_text',
  'favicon_url',
  'light_brand',
  'light_sale',
  'dark_brand',
  'dark_sale',
  'body_font',
  'heading_font',
] as const satisfies readonly Path<BrandingFormInput>[];

function formValues(settings: BrandingSettings): BrandingFormInput {
  return {
    logo_url: settings.logo_url,
    logo_text: settings.logo_text,
    favicon_url: settings.favicon_url,
    light_brand: settings.light_brand,
    light_sale: settings.light_sale,
    dark_brand: settings.dark_brand,
    dark_sale: settings.dark_sale,
    body_font: settings.body_font,
    heading_font: settings.heading_font,
  };
}

const THEMES: readonly { mode: ThemeMode; title: string }[] = [
  { mode: 'light', title: 'Light theme' },
  { mode: 'dark', title: 'Dark theme' },
];

const FONT_SAMPLE = 'Handmade in Cape Town, delivered to your door: R 1,249.00';

const HEADER_DESCRIPTION = 'The logo, the browser tab’s icon, the colours of the light and dark themes, and the fonts.';

const PICTURE_HINT = (
  <>
    A picture from the <Link href="/admin/media/" className="font-medium text-brand-700 underline">media library</Link>{' '}
    (each picture there shows its address, like /media/…) or an https:// address.
  </>
);

/** /admin/branding-settings: the site's logo, favicon, colours and fonts. */
export function AdminBrandingSettingsPage() {
  return (
    <SettingsPage title="Branding settings" description={HEADER_DESCRIPTION} query={useBrandingSettings()}>
      {(settings) => <BrandingSettingsForm settings={settings} />}
    </SettingsPage>
  );
}

function BrandingSettingsForm({ settings }: { settings: BrandingSettings }) {
  const save = useSaveBrandingSettings();
  const { data: publicSettings } = usePublicSettings();
  const { form, shell } = useSettingsForm({
    schema: brandingSchema,
    settings,
    toForm: formValues,
    fieldNames: FIELD_NAMES,
    save: (values) => save.mutateAsync(values),
    saving: save.isPending,
  });
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;

  const values = watch();
  const fonts = settings.fonts?.length ? settings.fonts : Object.keys(FONT_STACKS);
  const storeName = values.logo_text.trim() || publicSettings?.store?.name?.trim() || SITE_NAME_FALLBACK;

  return (
    <SettingsForm label="Branding settings" {...shell}>
      <Panel title="Logo" description="Shown at the top of every page.">
        <div className="flex flex-col gap-5">
          <FormField
            label="Logo picture address"
            error={errors.logo_url?.message}
            hint={<>{PICTURE_HINT} Shown 32 pixels high. Empty shows the logo text.</>}
          >
            <Input type="text" autoComplete="off" spellCheck={false} maxLength={500} {...register('logo_url')} />
          </FormField>
          <FormField
            label="Logo text"
            error={errors.logo_text?.message}
            hint={`Up to ${LOGO_TEXT_CHARS} characters; also the picture’s description for screen readers. Empty uses the store’s name.`}
          >
            <Input type="text" autoComplete="off" maxLength={LOGO_TEXT_CHARS} {...register('logo_text')} />
          </FormField>
          <LogoPreview url={values.logo_url} name={storeName} />
        </div>
      </Panel>

      <Panel title="Favicon" description="The small picture in the browser’s tab and bookmarks.">
        <div className="flex flex-col gap-5">
          <FormField
            label="Favicon address"
            error={errors.favicon_url?.message}
            hint={<>{PICTURE_HINT} A square picture, at least 32 by 32 pixels. Empty keeps the site’s own icon.</>}
          >
            <Input type="text" autoComplete="off" spellCheck={false} maxLength={500} {...register('favicon_url')} />
          </FormField>
          <FaviconPreview url={values.favicon_url} />
        </div>
      </Panel>

      <Panel
        title="Colours"
        description="A brand colour (buttons, links) and a sale colour (sale prices) for each theme; lighter and darker shades follow from each. Text in them must be easy to read on the theme’s background: a contrast of at least 4.5:1."
      >
        {settings.custom_colours ? null : (
          <p className="mb-5 text-sm text-neutral-600" data-testid="built-in-colours">
            The site uses its built-in colours, shown here, until you save.
          </p>
        )}
        <div className="flex flex-col gap-6">
          {THEMES.map(({ mode, title }) => (
            <fieldset key={mode} className="grid gap-5 lg:grid-cols-2">
              <legend className="mb-3 text-base font-semibold text-neutral-900">{title}</legend>
              <div className="flex flex-col gap-5">
                {(['brand', 'sale'] as const).map((part) => {
                  const name = `${mode}_${part}` as const;
                  return (
                    <ColourField
                      key={name}
                      label={part === 'brand' ? 'Brand colour' : 'Sale colour'}
                      error={errors[name]?.message}
                      value={values[name]}
                      fallback={settings[name]}
                      input={register(name)}
                      onPick={(hex) => setValue(name, hex, { shouldDirty: true, shouldValidate: !!errors[name] })}
                    />
                  );
                })}
              </div>
              <ThemePreview
                mode={mode}
                brand={values[`${mode}_brand`]}
                sale={values[`${mode}_sale`]}
                fallback={{ brand: settings[`${mode}_brand`], sale: settings[`${mode}_sale`] }}
              />
            </fieldset>
          ))}
        </div>
      </Panel>

      <Panel title="Fonts" description="Fonts the visitor’s device already has: nothing is downloaded.">
        <div className="grid gap-5 sm:grid-cols-2">
          {(
            [
              ['body_font', 'Text font'],
              ['heading_font', 'Heading font'],
            ] as const
          ).map(([name, label]) => (
            <div key={name} className="flex flex-col gap-2">
              <FormField label={label} error={errors[name]?.message}>
                <Select {...register(name)}>
                  {fonts.map((font) => (
                    <option key={font} value={font}>
                      {FONT_LABELS[font] ?? font}
                    </option>
                  ))}
                </Select>
              </FormField>
              <p
                className={name === 'heading_font' ? 'text-lg font-semibold text-neutral-900' : 'text-sm text-neutral-800'}
                style={{ fontFamily: FONT_STACKS[values[name]] }}
                data-testid={`${name}-sample`}
              >
                {FONT_SAMPLE}
              </p>
            </div>
          ))}
        </div>
      </Panel>

    </SettingsForm>
  );
}

/** The logo as the header shows it: the picture 32 pixels high, or the store icon and the text. */
function LogoPreview({ url, name }: { url: string; name: string }) {
  const address = url.trim();
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium text-neutral-800">Preview</p>
      <div className="flex h-16 items-center rounded-md border border-neutral-200 bg-white px-4" data-testid="logo-preview">
        {address && isPictureAddress(address) ? (
          <PicturePreview key={address} src={address} alt={name} className="h-8 w-auto" />
        ) : (
          <span className="flex items-center gap-2 text-xl font-bold tracking-tight text-brand-700">
            <Store aria-hidden="true" className="size-6" />
            {name}
          </span>
        )}
      </div>
    </div>
  );
}

function FaviconPreview({ url }: { url: string }) {
  const address = url.trim();
  if (!address || !isPictureAddress(address)) return null;
  return (
    <div className="flex items-center gap-3" data-testid="favicon-preview">
      <PicturePreview key={address} src={address} alt="The favicon" className="size-8 rounded-sm" />
      <PicturePreview key={`${address}-small`} src={address} alt="" className="size-4" />
    </div>
  );
}

/** A picture, or a note when it cannot be loaded (a wrong address). */
function PicturePreview({ src, alt, className }: { src: string; alt: string; className: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return alt ? <p className="text-sm font-medium text-sale">The picture at this address could not be loaded.</p> : null;
  }
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt={alt} className={className} onError={() => setBroken(true)} />;
}
