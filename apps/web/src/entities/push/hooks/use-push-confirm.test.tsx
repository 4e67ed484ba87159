// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages as en } from '../../../shared/i18n/locales/en';
import { mountModals } from '../../../test/modal-test-kit';
import { askPushConfirm } from './use-push-confirm';

beforeAll(async () => {
  await Promise.all([import('../components/PushPermissionModal'), import('../../../shared/ui/modals/ModalStack')]);
});
afterEach(cleanup);

describe('the push-permission confirm', () => {
  it.each([
    [en.common.ok, true],
    [en.common.cancel, false],
  ])('answers %s with %s and closes', async (button, expected) => {
    const modals = mountModals();
    let answer!: Promise<boolean>;
    act(() => {
      answer = askPushConfirm(modals);
    });
    const dialog = await screen.findByRole('dialog', { name: en.modals.pushTitle });
    expect(dialog.textContent).toContain(en.modals.pushBody);
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(await answer).toBe(expected);
    expect(screen.queryByRole('dialog', { name: en.modals.pushTitle })).toBeNull();
  });
});
