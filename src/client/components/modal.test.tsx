import { render, screen, within } from '@testing-library/react';
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
    // After the last control comes the Close button of the title bar, then the body again.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Bio')).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'CANCEL' })).toHaveFocus();
  });

  it('has a Close button at the top, before the body, and the backdrop closes it too', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const bio = within(dialog).getByLabelText('Bio');
    expect(close.compareDocumentPosition(bio) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(close);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) throw new Error('no backdrop');
    await user.pointer({ keys: '[MouseLeft]', target: backdrop });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('answers Escape only in the top dialog when one opens over another', async () => {
    const user = userEvent.setup();
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    function Stacked() {
      const [inner, setInner] = useState(false);
      return (
        <Modal title="Outer" onClose={outerClose}>
          <button type="button" onClick={() => setInner(true)}>
            Ask
          </button>
          {inner ? (
            <Modal
              title="Inner"
              onClose={() => {
                innerClose();
                setInner(false);
              }}
            >
              <button type="button">Inner action</button>
            </Modal>
          ) : null}
        </Modal>
      );
    }
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByRole('button', { name: 'Inner action' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(innerClose).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(outerClose).toHaveBeenCalledTimes(1);
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
