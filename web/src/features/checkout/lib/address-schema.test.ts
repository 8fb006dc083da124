import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  EMPTY_ADDRESS,
  addressSchema,
  isSouthAfricanPhone,
  makeAddressSchema,
  offeredProvinces,
  PROVINCES,
  toShippingAddress,
} from '@/features/checkout/lib/address-schema';

const valid = {
  ...EMPTY_ADDRESS,
  recipient: ' Thandi Mokoena ',
  phone: '082 123 4567',
  line1: '12 Long Street',
  city: 'Cape Town',
  province: 'Western Cape',
  postal_code: '8001',
};

describe('address schema', () => {
  it('accepts South African phone numbers as the server does', () => {
    expect(isSouthAfricanPhone('082 123 4567')).toBe(true);
    expect(isSouthAfricanPhone('+27 82 123 4567')).toBe(true);
    expect(isSouthAfricanPhone('27821234567')).toBe(true);
    expect(isSouthAfricanPhone('(082) 123-4567')).toBe(true);
    expect(isSouthAfricanPhone('0021234567')).toBe(false);
    expect(isSouthAfricanPhone('12345')).toBe(false);
    expect(isSouthAfricanPhone('082 123 456x')).toBe(false);
  });

  it('accepts a complete address and gives the API its shape', () => {
    const parsed = addressSchema.parse(valid);
    expect(toShippingAddress(parsed)).toEqual({
      recipient: 'Thandi Mokoena',
      phone: '082 123 4567',
      line1: '12 Long Street',
      city: 'Cape Town',
      province: 'Western Cape',
      postal_code: '8001',
    });
  });

  it('reports every problem with the server’s messages', () => {
    const result = addressSchema.safeParse({ ...EMPTY_ADDRESS, phone: '123', province: 'Texas', postal_code: '800' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      recipient: ADDRESS_MESSAGES.recipient,
      phone: ADDRESS_MESSAGES.phone,
      line1: ADDRESS_MESSAGES.line1,
      city: ADDRESS_MESSAGES.city,
      province: ADDRESS_MESSAGES.province,
      postal_code: ADDRESS_MESSAGES.postalCode,
    });
    expect(addressSchema.safeParse({ ...valid, postal_code: '0000' }).success).toBe(false);
  });

  it('offers the provinces delivered to, in the provinces’ order, and all nine without settings', () => {
    expect(offeredProvinces(['Western Cape', 'Gauteng'])).toEqual(['Gauteng', 'Western Cape']);
    expect(offeredProvinces(undefined)).toEqual(PROVINCES);
    expect(offeredProvinces(null)).toEqual(PROVINCES);
    expect(offeredProvinces([])).toEqual(PROVINCES);
    expect(offeredProvinces(['Atlantis'])).toEqual(PROVINCES);
  });

  it('takes only a province offered', () => {
    const schema = makeAddressSchema(['Gauteng']);
    expect(schema.safeParse({ ...valid, province: 'Gauteng' }).success).toBe(true);
    const refused = schema.safeParse(valid);
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['province', ADDRESS_MESSAGES.province],
    ]);
  });
});
