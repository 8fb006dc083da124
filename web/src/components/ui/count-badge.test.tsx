import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countLabel, CountBadge, DESKTOP_BADGE_CAP, MOBILE_BADGE_CAP } from '@/components/ui/count-badge';

describe('countLabel', () => {
  it('caps the desktop bell at 99+ and the mobile bell at 9+ (SPEC §9)', () => {
    expect(DESKTOP_BADGE_CAP).toBe(99);
    expect(MOBILE_BADGE_CAP).toBe(9);
    expect(countLabel(1, DESKTOP_BADGE_CAP)).toBe('1');
    expect(countLabel(99, DESKTOP_BADGE_CAP)).toBe('99');
    expect(countLabel(100, DESKTOP_BADGE_CAP)).toBe('99+');
    expect(countLabel(9, MOBILE_BADGE_CAP)).toBe('9');
    expect(countLabel(10, MOBILE_BADGE_CAP)).toBe('9+');
  });

  it('shows nothing for no count', () => {
    expect(countLabel(0, DESKTOP_BADGE_CAP)).toBeNull();
    expect(countLabel(-3, DESKTOP_BADGE_CAP)).toBeNull();
    expect(countLabel(Number.NaN, DESKTOP_BADGE_CAP)).toBeNull();
    const { container } = render(<CountBadge count={0} cap={MOBILE_BADGE_CAP} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('renders the capped label, hidden from assistive technology', () => {
    render(<CountBadge count={12} cap={MOBILE_BADGE_CAP} />);
    const badge = screen.getByTestId('count-badge');
    expect(badge).toHaveTextContent('9+');
    expect(badge).toHaveAttribute('aria-hidden', 'true');
  });
});
