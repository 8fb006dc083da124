import { useState, type FormEvent } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/components/area/confirm-dialog';
import { Button } from '@/components/ui/button';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  render(
    <ConfirmDialog
      trigger={<Button>Remove</Button>}
      title="Remove the thing?"
      description="It goes for good."
      confirmLabel="Remove it"
      onConfirm={onConfirm}
      testId="remove-dialog"
      {...props}
    />,
  );
  return { onConfirm, user: userEvent.setup() };
}

describe('ConfirmDialog', () => {
  it('opens from its trigger with the title and description, and Cancel closes it', async () => {
    const { onConfirm, user } = renderDialog();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the thing?' });
    expect(dialog).toHaveAttribute('data-testid', 'remove-dialog');
    expect(dialog).toHaveAccessibleDescription('It goes for good.');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('calls onConfirm from the danger button', async () => {
    const { onConfirm, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(await screen.findByRole('button', { name: 'Remove it' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows the error as an alert, and disables the danger button while pending', async () => {
    const { onConfirm, user } = renderDialog({
      open: true,
      onOpenChange: vi.fn(),
      error: 'It could not be removed',
      pending: true,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Remove the thing?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('It could not be removed');
    const confirm = within(dialog).getByRole('button', { name: 'Remove it' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('submits the form named by formId from the danger button', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    function WithForm() {
      const [open, setOpen] = useState(false);
      return (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          trigger={<Button>Suspend</Button>}
          title="Suspend the store?"
          description="Its products leave the listings."
          confirmLabel="Suspend store"
          formId="reason-form"
        >
          <form id="reason-form" onSubmit={onSubmit}>
            <label htmlFor="reason">Reason</label>
            <input id="reason" />
          </form>
        </ConfirmDialog>
      );
    }
    render(<WithForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend the store?' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend store' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
