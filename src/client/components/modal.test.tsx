import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Modal
          title="Edit Profile"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
          footer={
            <>
              <button type="button">SAVE</button>
              <button type="button">CANCEL</button>
            </>
          }
        >
          <label>
            Bio <input />
          </label>
        </Modal>
      ) : null}
    </>
  );
}

describe('Modal', () => {
  it('is a labelled dialog that takes focus and keeps Tab inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Bio')).toHaveFocus();

    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'CANCEL' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Bio')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'CANCEL' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to its opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
