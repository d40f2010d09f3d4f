import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../lib/messages';
import { AppErrorBoundary, RouteErrorBoundary } from './error-boundary';
import { FALLBACK_SUPPORT_EMAIL } from './support-email';

function Thrower(): never {
  throw new Error('the hedgehog rolled off the table');
}

function setSupportMeta(content: string | null) {
  document.head.querySelector('meta[name="support-email"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'support-email';
  meta.content = content;
  document.head.append(meta);
}

describe('crash fallback', () => {
  beforeEach(() => {
    // React and the router report the caught error on the console; here that is expected.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => setSupportMeta(null));

  it('replaces a crashed tree with the spec texts, a refresh button and a support link', async () => {
    setSupportMeta('help@hedgehogs.test');
    const onRefresh = vi.fn();
    render(
      <AppErrorBoundary onRefresh={onRefresh}>
        <Thrower />
      </AppErrorBoundary>,
    );

    expect(
      screen.getByRole('heading', { level: 1, name: messages.crash.heading }),
    ).toBeInTheDocument();
    expect(screen.getByText(messages.crash.text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@hedgehogs.test' })).toHaveAttribute(
      'href',
      'mailto:help@hedgehogs.test',
    );
    await userEvent.click(screen.getByRole('button', { name: messages.crash.refresh }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('falls back to the default address while the meta tag is still the placeholder', () => {
    setSupportMeta('%SUPPORT_EMAIL%');
    render(
      <AppErrorBoundary>
        <Thrower />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('link', { name: FALLBACK_SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${FALLBACK_SUPPORT_EMAIL}`,
    );
  });

  it('renders children untouched when nothing throws', () => {
    render(
      <AppErrorBoundary>
        <p>All is well in the hedgerow</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('All is well in the hedgerow')).toBeInTheDocument();
    expect(screen.queryByText(messages.crash.heading)).not.toBeInTheDocument();
  });

  it('ends a route that throws while rendering on the crash page, and tries again elsewhere', async () => {
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/calm">Somewhere calm</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Thrower />} />
            <Route path="/calm" element={<p>All is well in the hedgerow</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: messages.crash.heading }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.crash.refresh })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      'Unexpected route error',
      expect.any(Error),
      expect.any(String),
    );

    await userEvent.click(screen.getByRole('link', { name: 'Somewhere calm' }));
    expect(await screen.findByText('All is well in the hedgerow')).toBeInTheDocument();
    expect(screen.queryByText(messages.crash.heading)).not.toBeInTheDocument();
  });
});
