'use client';

import { useState } from 'react';
import Link from 'next/link';
import {
  type FieldArray,
  type FieldError,
  type FieldErrors,
  get,
  type Path,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { HomeContentFormInput, HomeForm } from '@/features/admin/components/home-content-page';
import { isPictureAddress } from '@/features/admin/lib/branding';

/**
 * The home page's two lists, hero slides and banners, edited alike: each item is a fieldset with
 * its name, move up, move down and remove, then three lines of text, a button's text and link, a
 * picture and its colours. What sets the lists apart (their texts, limits and colours) is a
 * HomeContentKind.
 */

type ListName = 'slides' | 'banners';
type ItemField<L extends ListName> = keyof HomeContentFormInput[L][number] & string;

/** One of an item's lines of text: its field, label and hint. */
interface ItemText<L extends ListName> {
  field: ItemField<L>;
  label: string;
  hint: string;
}

/** What sets one list apart from the other. */
export interface HomeContentKind<L extends ListName> {
  list: L;
  /** The panel's heading, which also names the list. */
  title: string;
  description: string;
  /** An item's name, numbered after it: "Slide" is "Slide 1". */
  item: string;
  /** The add button's label. */
  add: string;
  /** Shown while the list is empty, if it may be. */
  empty?: string;
  testId: string;
  /** The fewest items the list keeps (the remove button is off at it), and the most. */
  min: number;
  max: number;
  /** What "add" appends. */
  blank: FieldArray<HomeContentFormInput, L>;
  /** The line above the title, the title, and the line under it (full width). */
  texts: readonly [ItemText<L>, ItemText<L>, ItemText<L>];
  /** The colours the server knows, in the page's order. */
  tones: readonly { value: string; label: string }[];
}

/** The form's name for a field of an item: `slides.0.title`. */
function fieldName<L extends ListName>(list: L, index: number, field: ItemField<L>): Path<HomeContentFormInput> {
  // A field of an item of `list` is always a path of the form; TypeScript cannot see it for a type parameter.
  return `${list}.${index}.${field}` as Path<HomeContentFormInput>;
}

/** One list in its panel: the server's word on its length, its items in order, and "add". */
export function HomeContentItems<L extends ListName>({ form, kind }: { form: HomeForm; kind: HomeContentKind<L> }) {
  const items = useFieldArray({ control: form.control, name: kind.list });
  const count = items.fields.length;
  return (
    <Panel title={kind.title} description={kind.description}>
      <ListError error={form.formState.errors[kind.list]} />
      {kind.empty && count === 0 ? <p className="text-sm text-neutral-600">{kind.empty}</p> : null}
      <ol aria-label={kind.title} className="flex flex-col gap-4">
        {items.fields.map((field, index) => (
          <li key={field.id} className="rounded-lg border border-neutral-200 p-4">
            <fieldset className="flex min-w-0 flex-col gap-4" data-testid={kind.testId}>
              <ItemHeader
                name={`${kind.item} ${index + 1}`}
                index={index}
                count={count}
                canRemove={count > kind.min}
                onMove={(to) => items.move(index, to)}
                onRemove={() => items.remove(index)}
              />
              <ItemFields form={form} kind={kind} index={index} />
            </fieldset>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        className="mt-4 h-10"
        disabled={count >= kind.max}
        onClick={() => items.append(kind.blank)}
      >
        <Plus aria-hidden="true" className="size-4" />
        {kind.add}
      </Button>
    </Panel>
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

const LINK_HINT = 'A page of this site, like /products/, or an https:// address.';

/** An item's inputs, each with the error the checks or the server gave it. */
function ItemFields<L extends ListName>({
  form,
  kind,
  index,
}: {
  form: HomeForm;
  kind: HomeContentKind<L>;
  index: number;
}) {
  const name = (field: ItemField<L>) => fieldName(kind.list, index, field);
  const error = (field: ItemField<L>) =>
    get<FieldErrors, FieldError | undefined>(form.formState.errors, name(field))?.message;
  const text = ({ field, label, hint }: ItemText<L>) => (
    <FormField label={label} error={error(field)} hint={hint}>
      <Input type="text" autoComplete="off" {...form.register(name(field))} />
    </FormField>
  );
  const [above, title, under] = kind.texts;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text(above)}
      {text(title)}
      <div className="sm:col-span-2">{text(under)}</div>
      <FormField label="Button text" error={error('button_text')} hint="Up to 30 characters.">
        <Input type="text" autoComplete="off" {...form.register(name('button_text'))} />
      </FormField>
      <FormField label="Link" error={error('link')} hint={LINK_HINT}>
        <Input type="text" autoComplete="off" spellCheck={false} {...form.register(name('link'))} />
      </FormField>
      <ImageField form={form} name={`${kind.list}.${index}.image_url`} error={error('image_url')} />
      <FormField label="Colours" error={error('tone')}>
        <Select {...form.register(name('tone'))}>
          {kind.tones.map((tone) => (
            <option key={tone.value} value={tone.value}>
              {tone.label}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}

/** The picture's address, with a small preview once it is one. */
function ImageField({
  form,
  name,
  error,
}: {
  form: HomeForm;
  name: `${ListName}.${number}.image_url`;
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
