import { describe, expect, it } from 'vitest';
import {
  deliveryPromise,
  SHIPPING_MESSAGES,
  shippingFormValues,
  shippingInput,
  shippingSchema,
  typedEstimateDays,
  type ShippingFormValues,
} from '@/features/shipping/lib/shipping-form';
import { vendorShipping } from '@/test/fixtures';

function form(overrides: Partial<ShippingFormValues> = {}): ShippingFormValues {
  return { ...shippingFormValues(vendorShipping()), ...overrides };
}

function messages(values: ShippingFormValues): Record<string, string> {
  const result = shippingSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the shipping form', () => {
  it('starts from the platform’s amounts while the vendor has none of their own', () => {
    expect(shippingFormValues(vendorShipping())).toEqual({
      standard_delivery_min_days: '2',
      standard_delivery_max_days: '5',
      use_platform_rate: true,
      flat_rate: '65.00',
      use_platform_threshold: true,
      free_shipping_threshold: '450.00',
    });
    expect(
      shippingFormValues(
        vendorShipping({
          standard_delivery_min_days: null,
          standard_delivery_max_days: null,
          flat_rate_cents: 3000,
          free_shipping_threshold_cents: 0,
        }),
      ),
    ).toMatchObject({
      standard_delivery_min_days: '',
      use_platform_rate: false,
      flat_rate: '30.00',
      use_platform_threshold: false,
      free_shipping_threshold: '0.00',
    });
  });

  it('sends null for the platform’s amounts and empty days, cents for the vendor’s own', () => {
    expect(shippingInput(form())).toEqual({
      standard_delivery_min_days: 2,
      standard_delivery_max_days: 5,
      flat_rate_cents: null,
      free_shipping_threshold_cents: null,
    });
    expect(
      shippingInput(
        form({
          standard_delivery_min_days: '',
          standard_delivery_max_days: ' 9 ',
          use_platform_rate: false,
          flat_rate: '0.29',
          use_platform_threshold: false,
          free_shipping_threshold: '0',
        }),
      ),
    ).toEqual({
      standard_delivery_min_days: null,
      standard_delivery_max_days: 9,
      // Exactly (0.29 × 100 is 28.999… in floating point).
      flat_rate_cents: 29,
      free_shipping_threshold_cents: 0,
    });
  });

  it('checks the days and the amounts with the API’s messages', () => {
    expect(messages(form())).toEqual({});
    expect(messages(form({ standard_delivery_min_days: '0', standard_delivery_max_days: '61' }))).toEqual({
      standard_delivery_min_days: SHIPPING_MESSAGES.days,
      standard_delivery_max_days: SHIPPING_MESSAGES.days,
    });
    expect(messages(form({ standard_delivery_min_days: '6', standard_delivery_max_days: '5' }))).toEqual({
      standard_delivery_max_days: 'At least the fewest days',
    });
    expect(
      messages(form({ use_platform_rate: false, flat_rate: '10000.01', use_platform_threshold: false, free_shipping_threshold: '1000000.01' })),
    ).toEqual({
      flat_rate: 'The flat rate is between R0.00 and R10000.00',
      free_shipping_threshold: 'The free-shipping threshold is between R0.00 and R1000000.00',
    });
    expect(messages(form({ use_platform_rate: false, flat_rate: 'R30', use_platform_threshold: false, free_shipping_threshold: ' ' }))).toEqual({
      flat_rate: SHIPPING_MESSAGES.amount,
      free_shipping_threshold: SHIPPING_MESSAGES.thresholdRequired,
    });
    // An amount left to the platform is not checked.
    expect(messages(form({ use_platform_rate: true, flat_rate: 'nonsense' }))).toEqual({});
  });

  it('words the promise customers see, from the days typed while they are valid', () => {
    expect(deliveryPromise(4, 8)).toBe('Customers see delivery in 4–8 business days');
    expect(deliveryPromise(6, 6)).toBe('Customers see delivery in 6 business days');
    expect(typedEstimateDays('5', '10')).toEqual([5, 10]);
    expect(typedEstimateDays('', '')).toEqual([null, null]);
    expect(typedEstimateDays('5', '4')).toBeNull();
    expect(typedEstimateDays('x', '4')).toBeNull();
  });
});
