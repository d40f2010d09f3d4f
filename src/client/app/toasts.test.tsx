import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages';
import { buildUser } from '../test-utils/factories';
import { mockApi } from '../test-utils/mock-api';
import { renderApp } from '../test-utils/render-app';
import { PHONE_LAYOUT_QUERY } from './layout';
import { notifyError, notifyStickyError, notifySuccess, notifySuccessInGroup } from './notify';
import { stubMediaQueries } from '../test-utils/media-queries';

/**
 * Issue 9: toasts never cover the navigation (at the bottom on phones, above the tab bar; under
 * the header on desktop), at most two at once, and related messages in one toast.
 */
async function openApp() {
  mockApi({
    'GET /api/me': { body: { user: buildUser() } },
    'GET /api/grids': { body: { grids: [] } },
  });
  const app = renderApp('/rules');
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const shownToasts = () => Array.from(document.querySelectorAll('.Toastify__toast'));
/** Toasts on screen and staying (one pushed out plays its exit, data-in="false", then goes). */
const toastsIn = () => Array.from(document.querySelectorAll('.Toastify__toast[data-in="true"]'));

/** A stand-in for the browser's media queries: `phone` decides the layout query's answer. */
function stubViewport(phone: boolean) {
  stubMediaQueries((query) => query === PHONE_LAYOUT_QUERY && phone);
}

describe('toasts', () => {
  it('shows at most two at once: a third pushes out the oldest', async () => {
    await openApp();
    act(() => {
      notifyError('First trouble');
      notifyError('Second trouble');
    });
    expect(await screen.findByText('Second trouble')).toBeInTheDocument();
    expect(screen.getByText('First trouble')).toBeInTheDocument();

    act(() => notifyError('Third trouble'));

    // The answer to the latest action shows at once; the oldest is on its way out.
    expect(await screen.findByText('Third trouble')).toBeInTheDocument();
    await waitFor(() => expect(toastsIn()).toHaveLength(2));
    expect(toastsIn().map((toast) => toast.textContent)).not.toContain('First trouble');
  });

  it('never pushes out a sticky toast', async () => {
    await openApp();
    act(() => {
      notifyStickyError('Session over', { label: 'Log In', onClick: () => {} }, 'sticky');
      notifyError('Second trouble');
      notifyError('Third trouble');
    });

    expect(await screen.findByText('Third trouble')).toBeInTheDocument();
    await waitFor(() => expect(toastsIn()).toHaveLength(2));
    expect(screen.getByText('Session over')).toBeInTheDocument();
    expect(toastsIn().map((toast) => toast.textContent)).not.toContain('Second trouble');
  });

  it('puts related messages in one toast, one line each', async () => {
    await openApp();
    act(() => notifySuccessInGroup('book:1', messages.bingo.earnedPoints(10)));
    await screen.findByText(messages.bingo.earnedPoints(10));

    act(() => notifySuccessInGroup('book:1', messages.review.posted));

    expect(await screen.findByText(messages.review.posted)).toBeInTheDocument();
    expect(shownToasts()).toHaveLength(1);
    expect(shownToasts()[0]).toHaveTextContent(
      `${messages.bingo.earnedPoints(10)}${messages.review.posted}`,
    );
  });

  it('keeps unrelated messages apart', async () => {
    await openApp();
    act(() => notifySuccessInGroup('book:1', messages.bingo.earnedPoints(10)));
    await screen.findByText(messages.bingo.earnedPoints(10));

    act(() => notifySuccessInGroup('book:2', messages.bingo.earnedPoints(60)));

    const other = await screen.findByText(messages.bingo.earnedPoints(60));
    expect(toastsIn()).toHaveLength(2);
    expect(other.closest('.Toastify__toast')).not.toHaveTextContent(
      messages.bingo.earnedPoints(10),
    );
  });

  it('sits at the bottom on a phone', async () => {
    stubViewport(true);
    await openApp();
    act(() => notifySuccess('On a phone'));
    await screen.findByText('On a phone');
    expect(document.querySelector('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--bottom-center',
    );
  });

  it('sits top right on a desktop', async () => {
    stubViewport(false);
    await openApp();
    act(() => notifySuccess('On a desktop'));
    await screen.findByText('On a desktop');
    expect(document.querySelector('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-right',
    );
  });
});
