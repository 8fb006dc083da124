import { describe, expect, it } from 'vitest';
import { formatDateTime, isLocalInput, isoToLocalInput, localInputToIso } from '@/features/vendor/lib/local-datetime';

describe('datetime-local values and the API’s instants', () => {
  it('sends the vendor’s wall-clock time as an instant in UTC, and reads it back the same', () => {
    // Built from local parts, so the test holds in any time zone.
    const instant = new Date(2026, 11, 1, 9, 30).toISOString();
    expect(localInputToIso('2026-12-01T09:30')).toBe(instant);
    expect(isoToLocalInput(instant)).toBe('2026-12-01T09:30');
    expect(formatDateTime(instant)).toBe('01 Dec 2026, 09:30');
  });

  it('leaves empty values empty', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('  ')).toBeNull();
    expect(isoToLocalInput(null)).toBe('');
    expect(isLocalInput('')).toBe(true);
  });

  it('knows a value that is not a date and time', () => {
    expect(isLocalInput('2026-12-01')).toBe(false);
    expect(isLocalInput('tomorrow')).toBe(false);
    expect(localInputToIso('2026-12-01')).toBeNull();
    expect(isLocalInput('2026-12-01T09:30')).toBe(true);
  });
});
