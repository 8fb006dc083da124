import { describe, expect, it } from 'vitest';
import { pathSegmentAfter } from '@/lib/path-segment';

describe('pathSegmentAfter', () => {
  it('reads the slug from a product path, with or without the trailing slash', () => {
    expect(pathSegmentAfter('/products/ovr-aero-running-tee/', '/products/')).toBe('ovr-aero-running-tee');
    expect(pathSegmentAfter('/products/ovr-aero-running-tee', '/products/')).toBe('ovr-aero-running-tee');
  });

  it('decodes percent-encoding', () => {
    expect(pathSegmentAfter('/products/caf%C3%A9-mug/', '/products/')).toBe('café-mug');
  });

  it('is null for the export placeholder, an empty segment, another prefix or bad encoding', () => {
    expect(pathSegmentAfter('/products/_/', '/products/')).toBeNull();
    expect(pathSegmentAfter('/products/', '/products/')).toBeNull();
    expect(pathSegmentAfter('/store/x/', '/products/')).toBeNull();
    expect(pathSegmentAfter(null, '/products/')).toBeNull();
    expect(pathSegmentAfter('/products/%E0%A4%A/', '/products/')).toBeNull();
  });
});
