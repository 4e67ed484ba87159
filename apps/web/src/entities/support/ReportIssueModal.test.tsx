// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import createClient from 'openapi-fetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../shared/api/client';
import type { paths } from '../../shared/api/schema';
import { messages as en } from '../../shared/i18n/locales/en';
import { mountModals } from '../../test/modal-test-kit';
import { descriptionOf } from '../../test/queries';
import { openReportIssue } from './open-report-issue';
import { sendSupportMessage } from './report-issue';

const s = en.support;
afterEach(cleanup);

/** Opens the form against a fake server; `bodies` collects what was posted. */
async function open(status = 200, defaults: Parameters<typeof openReportIssue>[1] = { email: 'ada@example.com' }) {
  const bodies: unknown[] = [];
  const fetch = vi.fn(async (request: Request) => {
    expect(new URL(request.url).pathname).toBe('/api/v1/support/send-message');
    expect(request.headers.get('Authorization')).toBe('Bearer token-1');
    bodies.push(await request.json());
    return new Response(JSON.stringify(status === 200 ? { Success: true, Id: 'msg-1' } : { title: 'Boom' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  const api = createClient<paths>({ baseUrl: 'http://localhost', fetch }) as ApiClient;
  const modals = mountModals();
  let sent: Promise<boolean> = Promise.resolve(false);
  act(() => {
    sent = openReportIssue(modals, defaults, (values) => sendSupportMessage(api, 'token-1', 'gem-garden', values));
  });
  const message = (await screen.findByLabelText(s.message)) as HTMLTextAreaElement;
  return {
    sent,
    bodies,
    message,
    email: screen.getByLabelText(s.email) as HTMLInputElement,
    subject: screen.getByLabelText(s.subject) as HTMLSelectElement,
  };
}

const send = () => fireEvent.click(screen.getByRole('button', { name: s.send }));

describe('the report-issue modal', () => {
  it('opens with the profile email, bug_report and a 4-row message area', async () => {
    const { email, subject, message } = await open();
    expect(email.value).toBe('ada@example.com');
    expect(subject.value).toBe('bug_report');
    expect([...subject.options].map((option) => option.value)).toEqual([
      'bug_report',
      'payment_issues',
      'account_issues',
      'technical_issues',
      'gameplay_issues',
      'other',
    ]);
    expect(message.rows).toBe(4);
    fireEvent.change(message, { target: { value: '1\n2\n3\n4\n5\n6\n7\n8\n9\n10' } });
    expect(message.rows).toBe(8);
  });

  it('checks each field when it loses focus, not before', async () => {
    const { message, email } = await open(200, { email: null });
    fireEvent.change(message, { target: { value: 'short' } });
    expect(screen.queryByText(s.messageTooShort)).toBeNull();
    fireEvent.blur(message);
    expect(descriptionOf(message)).toBe(s.messageTooShort);
    fireEvent.change(message, { target: { value: '   ' } });
    expect(descriptionOf(message)).toBe(s.messageRequired);
    expect(descriptionOf(email)).toBe('');
    fireEvent.blur(email);
    expect(descriptionOf(email)).toBe(s.emailRequired);
    fireEvent.change(email, { target: { value: 'ada@' } });
    expect(descriptionOf(email)).toBe(s.emailInvalid);
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses to send an invalid form and shows every problem', async () => {
    const { bodies, subject, message, email } = await open(200, { email: null });
    fireEvent.change(subject, { target: { value: '' } });
    send();
    expect(descriptionOf(message)).toBe(s.messageRequired);
    expect(descriptionOf(email)).toBe(s.emailRequired);
    expect(bodies).toEqual([]);
  });

  it('sends the trimmed values with the sender name taken from the email', async () => {
    const { sent, bodies, message, subject } = await open();
    fireEvent.change(subject, { target: { value: 'payment_issues' } });
    fireEvent.change(message, { target: { value: '  My gems never arrived.  ' } });
    send();
    await expect(sent).resolves.toBe(true);
    expect(bodies).toEqual([
      {
        GameSystemName: 'gem-garden',
        Data: { Body: 'My gems never arrived.', Email: 'ada@example.com', Subject: 'payment_issues', Name: 'ada' },
      },
    ]);
    await waitFor(() => expect(descriptionOf(screen.getByRole('dialog', { name: s.title }))).toBe(s.sent));
  });

  it('says so when sending failed, and answers false once closed unsent', async () => {
    const { sent, message } = await open(500);
    fireEvent.change(message, { target: { value: 'The game crashes on start.' } });
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(s.sendFailed);
    fireEvent.click(screen.getByRole('button', { name: en.common.cancel }));
    await expect(sent).resolves.toBe(false);
    await waitFor(() => expect(screen.queryByLabelText(s.message)).toBeNull());
  });
});
