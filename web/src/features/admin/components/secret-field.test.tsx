import { useForm } from 'react-hook-form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SECRET_SET_PLACEHOLDER, SecretField } from '@/features/admin/components/secret-field';
import { hintUnder } from '@/test/admin-settings';

/** A form holding one secret, as the settings pages hold theirs. */
function Harness({ set, badge, unsetNote }: { set: boolean; badge?: boolean; unsetNote?: string }) {
  const { register, watch } = useForm({ defaultValues: { token: '', remove_token: false } });
  return (
    <SecretField
      label="API token"
      what="the API token"
      set={set}
      removing={watch('remove_token')}
      hint="Up to 64 characters."
      unsetNote={unsetNote}
      badge={badge}
      input={register('token')}
      remove={register('remove_token')}
    />
  );
}

describe('SecretField', () => {
  it('with none kept: an empty password input with the rule, nothing to remove', () => {
    render(<Harness set={false} unsetNote="Only if the service asks for one." />);
    const input = screen.getByLabelText('API token');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).not.toHaveAttribute('placeholder');
    expect(hintUnder(input)).toBe('Only if the service asks for one. Up to 64 characters.');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('with one kept: never filled in, says empty keeps it, and removes it only when ticked', async () => {
    render(<Harness set unsetNote="Only if the service asks for one." />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('API token');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', SECRET_SET_PLACEHOLDER);
    expect(hintUnder(input)).toBe('Leave empty to keep the API token set. Up to 64 characters.');

    const remove = screen.getByRole('checkbox', { name: 'Remove the API token' });
    expect(remove).not.toBeChecked();
    await user.click(remove);
    expect(input).toBeDisabled();
    expect(input).not.toHaveAttribute('placeholder');
    expect(hintUnder(input)).toBe('The API token kept is removed when you save.');
    // Ticked off again, the one kept stays.
    await user.click(remove);
    expect(input).toBeEnabled();
    expect(hintUnder(input)).toBe('Leave empty to keep the API token set. Up to 64 characters.');
  });

  it('with the badge: says "Set" or "Not set", named for the field', () => {
    const { unmount } = render(<Harness set badge />);
    expect(screen.getByText('API token:').parentElement).toHaveTextContent('API token: Set');
    expect(screen.getByRole('checkbox', { name: 'Remove the API token' })).not.toBeChecked();
    unmount();

    render(<Harness set={false} badge />);
    expect(screen.getByText('API token:').parentElement).toHaveTextContent('API token: Not set');
    expect(hintUnder(screen.getByLabelText('API token'))).toBe('Up to 64 characters.');
  });
});
