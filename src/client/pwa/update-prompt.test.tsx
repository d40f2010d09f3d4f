import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../lib/messages';
import { showUpdatePrompt } from './register-worker';

describe('the "Reload to update" prompt (issue 26)', () => {
  it('reloads only when the reader chooses to, and shows once however often it is raised', async () => {
    const reload = vi.fn();
    act(() => {
      showUpdatePrompt(reload);
      showUpdatePrompt(reload);
    });
    expect(await screen.findAllByText(messages.offline.updateReady)).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: messages.offline.reloadToUpdate }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(messages.offline.updateReady)).toBeNull();
  });

  it('goes away on "Later" without reloading', async () => {
    const reload = vi.fn();
    act(() => showUpdatePrompt(reload));
    await userEvent.click(
      await screen.findByRole('button', { name: messages.offline.updateLater }),
    );
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByText(messages.offline.updateReady)).toBeNull();
  });
});
