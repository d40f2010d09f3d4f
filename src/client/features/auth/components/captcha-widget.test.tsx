import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../lib/messages';
import { CaptchaWidget } from './captcha-widget';

const CAPTCHA_LOADING = messages.auth.captchaLoading;

// ALTCHA's real script cannot run in jsdom. Each test says whether the load works; the element
// stays undefined (a registry cannot forget one) until the last test defines it as the script
// would.
const loadAltcha = vi.fn<() => Promise<void>>();
vi.mock('./load-altcha', () => ({ loadAltcha: () => loadAltcha() }));

describe('CaptchaWidget', () => {
  it('swaps the loading line for a way out when the script cannot load', async () => {
    loadAltcha.mockRejectedValue(new Error('offline'));
    render(<CaptchaWidget onChange={() => {}} />);
    expect(screen.getByText(CAPTCHA_LOADING)).toBeVisible();
    fireEvent.pointerDown(window);

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.captchaLoadFailed);
    expect(screen.queryByText(CAPTCHA_LOADING)).toBeNull();
  });

  it('says the captcha is loading in its box until the widget is defined', async () => {
    loadAltcha.mockResolvedValue(undefined);
    render(<CaptchaWidget onChange={() => {}} />);
    expect(screen.getByText(CAPTCHA_LOADING)).toBeVisible();

    // The visitor starts typing: the script arrives and defines the element.
    fireEvent.keyDown(window, { key: 'a' });
    customElements.define('altcha-widget', class extends HTMLElement {});

    await waitFor(() => expect(screen.queryByText(CAPTCHA_LOADING)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
