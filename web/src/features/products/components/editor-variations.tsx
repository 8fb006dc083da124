'use client';

import { useId, useState, type KeyboardEvent } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Plus, Trash2, Wand2, X } from 'lucide-react';
import { Panel } from '@/components/area/area-states';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { GlobalAttribute } from '@/features/products/api/vendor-product-types';
import { newVariation, type ProductFormValues } from '@/features/products/lib/product-form';
import {
  chosenValues,
  combinationName,
  combinations,
  generateVariations,
  skuBase,
  withPlatformOptions,
  type AttributeGroup,
} from '@/features/products/lib/variation-builder';

/** The message for a field: the form's own hint, else the API's (keyed by the API's field name). */
export type ErrorFor = (apiField: string, clientMessage?: string) => string | undefined;

/**
 * Stock and variations: without variations, the product's own SKU and stock; the builder (the
 * attributes it comes in and their values, then "Generate variations" for every combination);
 * and one row per variation with its name, SKU, prices, stock and whether it is on sale.
 * `platform` is the platform's attributes, offered with their usual values.
 */
export function VariationsSection({
  groups,
  onGroupsChange,
  errorFor,
  platform,
}: {
  groups: AttributeGroup[];
  onGroupsChange: (groups: AttributeGroup[]) => void;
  errorFor: ErrorFor;
  platform: readonly GlobalAttribute[];
}) {
  const {
    control,
    register,
    getValues,
    watch,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const { fields, replace, remove } = useFieldArray({ control, name: 'variations' });
  const shown = groups.map((group) => withPlatformOptions(group, platform));
  const [announcement, setAnnouncement] = useState('');
  const productPrice = watch('price');
  const listError = errorFor('variations.sku') ?? errorFor('variations.attributes') ?? errorFor('variations');

  const generate = () => {
    const result = generateVariations(shown, getValues('variations'), skuBase(getValues('sku'), getValues('name')), (attributes, sku) =>
      newVariation(attributes, sku),
    );
    replace(result.rows);
    const parts = [`${result.rows.length} ${result.rows.length === 1 ? 'variation' : 'variations'}`];
    if (result.added > 0) parts.push(`${result.added} new`);
    if (result.removed > 0) parts.push(`${result.removed} removed`);
    setAnnouncement(`${parts.join(', ')}.`);
  };

  return (
    <Panel
      title="Stock and variations"
      description="Sizes, colours and the like: choose what the product comes in, then generate a variation for every combination."
    >
      <div className="flex flex-col gap-6">
        {fields.length === 0 ? (
          <div className="grid gap-5 sm:grid-cols-2" data-testid="own-stock">
            <FormField
              label="SKU"
              hint="Your stock-keeping code: letters, digits, -, _ or ."
              error={errorFor('sku', errors.sku?.message)}
            >
              <Input type="text" autoCapitalize="characters" spellCheck={false} {...register('sku')} />
            </FormField>
            <FormField label="Stock" error={errorFor('stock_quantity', errors.stock_quantity?.message)}>
              <Input type="text" inputMode="numeric" {...register('stock_quantity')} />
            </FormField>
          </div>
        ) : null}

        <AttributeBuilder groups={groups} shown={shown} platform={platform} onChange={onGroupsChange} />

        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" className="h-10" onClick={generate} disabled={combinations(shown).length === 0}>
            <Wand2 aria-hidden="true" className="size-4" />
            Generate variations
          </Button>
          <p role="status" className="text-sm text-neutral-700" data-testid="variations-announcement">
            {announcement}
          </p>
        </div>

        {listError ? (
          <p className="text-sm font-medium text-sale" data-testid="variations-error">
            {listError}
          </p>
        ) : null}

        {fields.length > 0 ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-neutral-600">
              A variation without a price of its own sells at the product&apos;s price. With variations, the stock is theirs.
            </p>
            <ol aria-label="Variations" className="flex flex-col gap-3">
              {fields.map((field, index) => {
                const title = combinationName(field.attributes) || field.name || `Variation ${index + 1}`;
                const rowErrors = errors.variations?.[index];
                const at = (name: string) => `variations[${index}].${name}`;
                const attributesError = errorFor(at('attributes'));
                return (
                  <li key={field.id} data-testid="variation-row">
                    <fieldset className="rounded-lg border border-neutral-200 p-4">
                      <legend className="px-1 text-sm font-semibold text-neutral-900">
                        Variation {index + 1}: {title}
                      </legend>
                      {field.attributes.length > 0 ? (
                        <p className="mb-3 text-xs text-neutral-600">
                          {field.attributes.map((attribute) => `${attribute.name}: ${attribute.value}`).join(' · ')}
                        </p>
                      ) : null}
                      {attributesError ? <p className="mb-3 text-sm font-medium text-sale">{attributesError}</p> : null}
                      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                        <FormField label="Name" error={errorFor(at('name'), rowErrors?.name?.message)}>
                          <Input type="text" {...register(`variations.${index}.name`)} />
                        </FormField>
                        <FormField label="SKU" error={errorFor(at('sku'), rowErrors?.sku?.message)}>
                          <Input type="text" autoCapitalize="characters" spellCheck={false} {...register(`variations.${index}.sku`)} />
                        </FormField>
                        <FormField label="Stock" error={errorFor(at('stock_quantity'), rowErrors?.stock_quantity?.message)}>
                          <Input type="text" inputMode="numeric" {...register(`variations.${index}.stock_quantity`)} />
                        </FormField>
                        <FormField label="Price (R)" error={errorFor(at('price'), rowErrors?.price?.message)}>
                          <Input
                            type="text"
                            inputMode="decimal"
                            placeholder={productPrice.trim() || undefined}
                            {...register(`variations.${index}.price`)}
                          />
                        </FormField>
                        <FormField label="Sale price (R)" error={errorFor(at('sale_price'), rowErrors?.sale_price?.message)}>
                          <Input type="text" inputMode="decimal" {...register(`variations.${index}.sale_price`)} />
                        </FormField>
                        <div className="flex items-end justify-between gap-3">
                          <label className="flex h-11 items-center gap-2 text-sm text-neutral-800">
                            <input type="checkbox" className="size-4 accent-brand-700" {...register(`variations.${index}.enabled`)} />
                            Enabled
                          </label>
                          <Button
                            variant="secondary"
                            className="h-11"
                            aria-label={`Remove variation ${index + 1}: ${title}`}
                            onClick={() => remove(index)}
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                            Remove
                          </Button>
                        </div>
                      </div>
                    </fieldset>
                  </li>
                );
              })}
            </ol>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}

/** Enter in the builder's boxes adds what was typed, instead of submitting the product. */
function onEnter(action: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    action();
  };
}

/** The attributes the product comes in: the platform's or its own, each with its values to tick. */
function AttributeBuilder({
  groups,
  shown,
  platform,
  onChange,
}: {
  groups: AttributeGroup[];
  /** `groups` with the platform's values offered too. */
  shown: AttributeGroup[];
  platform: readonly GlobalAttribute[];
  onChange: (groups: AttributeGroup[]) => void;
}) {
  const id = useId();
  const taken = (name: string) => groups.some((group) => group.name.toLowerCase() === name.trim().toLowerCase());
  const available = platform.filter((attribute) => !taken(attribute.name));
  const [platformChoice, setPlatformChoice] = useState('');
  const [ownName, setOwnName] = useState('');
  const [ownError, setOwnError] = useState<string | null>(null);
  const chosenPlatform = available.some((attribute) => attribute.name === platformChoice)
    ? platformChoice
    : (available[0]?.name ?? '');

  const add = (name: string) => onChange([...groups, { name, options: [], chosen: [] }]);
  const addOwn = () => {
    const name = ownName.trim();
    if (name === '') return setOwnError('Name the attribute, like Material');
    if (taken(name)) return setOwnError(`The product has ${name} already`);
    setOwnError(null);
    setOwnName('');
    add(name);
  };
  const update = (index: number, group: AttributeGroup) => onChange(groups.map((old, at) => (at === index ? group : old)));

  return (
    <div className="flex flex-col gap-4" data-testid="attribute-builder">
      <h3 className="text-base font-semibold text-neutral-900">Attributes</h3>
      {groups.length === 0 ? (
        <p className="text-sm text-neutral-600">None yet: add the sizes, colours or anything else it comes in.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Attributes">
          {groups.map((group, index) => (
            <li key={group.name}>
              <AttributeGroupEditor
                group={group}
                shown={shown[index] ?? group}
                onChange={(next) => update(index, next)}
                onRemove={() => onChange(groups.filter((_, at) => at !== index))}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
        {available.length > 0 ? (
          <div className="flex items-end gap-2">
            <div className="w-44">
              <label htmlFor={`${id}-platform`} className="mb-1.5 block text-sm font-medium text-neutral-800">
                Attribute
              </label>
              <Select id={`${id}-platform`} value={chosenPlatform} onChange={(event) => setPlatformChoice(event.target.value)}>
                {available.map((attribute) => (
                  <option key={attribute.name} value={attribute.name}>
                    {attribute.name}
                  </option>
                ))}
              </Select>
            </div>
            <Button variant="secondary" className="h-11" onClick={() => chosenPlatform && add(chosenPlatform)}>
              <Plus aria-hidden="true" className="size-4" />
              Add attribute
            </Button>
          </div>
        ) : null}
        <div className="flex items-start gap-2">
          <div className="w-52">
            <FormField label="Your own attribute" error={ownError ?? undefined}>
              <Input
                type="text"
                placeholder="e.g. Material"
                value={ownName}
                onChange={(event) => setOwnName(event.target.value)}
                onKeyDown={onEnter(addOwn)}
              />
            </FormField>
          </div>
          <Button variant="secondary" className="mt-7 h-11" onClick={addOwn}>
            <Plus aria-hidden="true" className="size-4" />
            Add
          </Button>
        </div>
      </div>
    </div>
  );
}

function AttributeGroupEditor({
  group,
  shown,
  onChange,
  onRemove,
}: {
  group: AttributeGroup;
  shown: AttributeGroup;
  onChange: (group: AttributeGroup) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const chosen = chosenValues(shown);

  const toggle = (option: string, on: boolean) =>
    onChange({ ...group, chosen: on ? [...group.chosen, option] : group.chosen.filter((item) => item !== option) });
  const addValue = () => {
    const text = value.trim();
    if (text === '') return;
    setValue('');
    const known = shown.options.find((option) => option.toLowerCase() === text.toLowerCase());
    if (known) {
      if (!group.chosen.includes(known)) onChange({ ...group, chosen: [...group.chosen, known] });
      return;
    }
    onChange({ ...group, options: [...group.options, text], chosen: [...group.chosen, text] });
  };

  return (
    <fieldset className="rounded-lg border border-neutral-200 p-4 pt-3">
      <legend className="px-1 text-sm font-semibold text-neutral-900">{group.name}</legend>
      <div className="mb-3 flex items-center justify-between gap-3">
        <p className="text-sm text-neutral-600">{chosen.length === 0 ? 'Nothing chosen yet' : `${chosen.length} chosen`}</p>
        <IconButton label={`Remove ${group.name}`} onClick={onRemove}>
          <X aria-hidden="true" className="size-4" />
        </IconButton>
      </div>
      {shown.options.length > 0 ? (
        <ul className="mb-3 flex flex-wrap gap-2">
          {shown.options.map((option) => (
            <li key={option}>
              <label className="flex items-center gap-2 rounded-md border border-neutral-300 px-3 py-1.5 text-sm text-neutral-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={group.chosen.includes(option)}
                  onChange={(event) => toggle(option, event.target.checked)}
                />
                {option}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-end gap-2">
        <div className="w-44">
          <label htmlFor={`${id}-value`} className="mb-1.5 block text-sm font-medium text-neutral-800">
            Another {group.name.toLowerCase()} value
          </label>
          <Input id={`${id}-value`} type="text" value={value} onChange={(event) => setValue(event.target.value)} onKeyDown={onEnter(addValue)} />
        </div>
        <Button variant="secondary" className="h-11" aria-label={`Add value to ${group.name}`} onClick={addValue}>
          <Plus aria-hidden="true" className="size-4" />
          Add value
        </Button>
      </div>
    </fieldset>
  );
}
