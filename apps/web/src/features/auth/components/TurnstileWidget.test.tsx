// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TurnstileApi } from '../lib/turnstile';
import { TurnstileWidget } from './TurnstileWidget';

afterEach(() => {
  cleanup();
  delete window.turnstile;
});

describe('the Turnstile widget', () => {
  it('renders with the site key, the language and the sign-in action, passes the token on, and is removed', async () => {
    const renderWidget = vi.fn<TurnstileApi['render']>(() => 'widget-1');
    const remove = vi.fn();
    window.turnstile = { render: renderWidget, remove };
    const onToken = vi.fn();
    const { unmount } = render(
      <TurnstileWidget siteKey="site-key-1" language="de" onToken={onToken} onFailure={vi.fn()} />,
    );
    await waitFor(() => expect(renderWidget).toHaveBeenCalledOnce());
    const options = renderWidget.mock.calls[0]?.[1];
    // The server accepts only tokens siteverify reports for this action.
    expect(options).toMatchObject({ sitekey: 'site-key-1', language: 'de', action: 'email_sign_in' });
    options?.callback('token-1');
    expect(onToken).toHaveBeenCalledWith('token-1');
    unmount();
    expect(remove).toHaveBeenCalledWith('widget-1');
  });
});
