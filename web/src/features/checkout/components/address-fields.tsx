import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PROVINCES, type AddressFormValues } from '@/features/checkout/lib/address-schema';

/**
 * The shipping address inputs (South African: a province, a 4-digit postal code). The province
 * select offers `provinces` (those delivered to; all nine unless told).
 */
export function AddressFields({
  register,
  errors,
  provinces = PROVINCES,
}: {
  register: UseFormRegister<AddressFormValues>;
  errors: FieldErrors<AddressFormValues>;
  provinces?: readonly string[];
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Recipient" error={errors.recipient?.message}>
        <Input autoComplete="name" {...register('recipient')} />
      </FormField>
      <FormField label="Phone" error={errors.phone?.message} hint="For the courier, e.g. 082 123 4567">
        <Input type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
      </FormField>
      <div className="sm:col-span-2">
        <FormField label="Street address" error={errors.line1?.message}>
          <Input autoComplete="address-line1" {...register('line1')} />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <FormField label="Apartment, unit or building (optional)" error={errors.line2?.message}>
          <Input autoComplete="address-line2" {...register('line2')} />
        </FormField>
      </div>
      <FormField label="Suburb (optional)" error={errors.suburb?.message}>
        <Input autoComplete="address-level3" {...register('suburb')} />
      </FormField>
      <FormField label="City or town" error={errors.city?.message}>
        <Input autoComplete="address-level2" {...register('city')} />
      </FormField>
      <FormField label="Province" error={errors.province?.message}>
        <select
          autoComplete="address-level1"
          className="block h-11 w-full rounded-md border border-neutral-300 bg-white px-3 text-base text-neutral-900 focus-visible:border-brand-600 focus-visible:outline-2 aria-[invalid=true]:border-sale sm:text-sm"
          {...register('province')}
        >
          <option value="">Choose a province</option>
          {provinces.map((province) => (
            <option key={province} value={province}>
              {province}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Postal code" error={errors.postal_code?.message}>
        <Input autoComplete="postal-code" inputMode="numeric" maxLength={4} {...register('postal_code')} />
      </FormField>
    </div>
  );
}
