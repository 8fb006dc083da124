import { describe, expect, it } from 'vitest';
import { productPath, storePath } from '@/lib/paths';

describe('paths', () => {
  it('end in a slash and encode the slug', () => {
    expect(productPath('ovr-aero-running-tee')).toBe('/products/ovr-aero-running-tee/');
    expect(productPath('café mug')).toBe('/products/caf%C3%A9%20mug/');
    expect(storePath('ovr-official')).toBe('/store/ovr-official/');
    expect(storePath('a/b')).toBe('/store/a%2Fb/');
  });

  it('put the store page number in the query, except for the first page', () => {
    expect(storePath('ovr-official', 1)).toBe('/store/ovr-official/');
    expect(storePath('ovr-official', 3)).toBe('/store/ovr-official/?page=3');
  });
});
