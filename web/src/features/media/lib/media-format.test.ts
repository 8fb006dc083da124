import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { formatBytes, formatStorage, srcSetOf, uploadErrorMessage } from '@/features/media/lib/media-format';

describe('formatBytes and formatStorage', () => {
  it('writes sizes in B, KB, MB and GB with a decimal point', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(245_760)).toBe('240 KB');
    expect(formatBytes(12.5 * 1024 * 1024)).toBe('12.5 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.25 GB');
  });

  it('keeps storage in MB below a gigabyte', () => {
    expect(formatStorage(0)).toBe('0 MB');
    expect(formatStorage(300 * 1024)).toBe('0.3 MB');
    expect(formatStorage(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatStorage(2 * 1024 ** 3)).toBe('2 GB');
  });
});

describe('srcSetOf', () => {
  it('lists the renditions smallest first, and is undefined without any', () => {
    expect(
      srcSetOf({
        renditions: [
          { width: 640, url: '/media/a-640.webp' },
          { width: 320, url: '/media/a-320.webp' },
        ],
      }),
    ).toBe('/media/a-320.webp 320w, /media/a-640.webp 640w');
    expect(srcSetOf({ renditions: [] })).toBeUndefined();
  });
});

describe('uploadErrorMessage', () => {
  it('uses the API’s message when it sent one', () => {
    expect(uploadErrorMessage(new ApiError(409, 'quota_exceeded', 'Only 1.5 MB left'))).toBe('Only 1.5 MB left');
    expect(uploadErrorMessage(new ApiError(400, 'truncated', 'The upload was cut short'))).toBe('The upload was cut short');
  });

  it('explains a bare status, and anything else generically', () => {
    expect(uploadErrorMessage(new ApiError(415, 'http_error', 'Request failed with status 415'))).toMatch(/not supported/);
    expect(uploadErrorMessage(new ApiError(0, 'network_error', 'Could not reach the server'))).toBe('Could not reach the server');
    expect(uploadErrorMessage(new ApiError(500, 'internal', 'Boom'))).toBe('The file could not be uploaded. Please try again.');
    expect(uploadErrorMessage(new Error('x'))).toBe('The file could not be uploaded. Please try again.');
  });
});
