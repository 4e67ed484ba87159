import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeScan } from '../harness/axe';
import { en } from '../harness/messages';
import { browserSession } from '../harness/session';
import { signInByEmail } from '../harness/sign-in';
import { portalUrl } from '../harness/sites';

// Keyboard players: a modal closed with Escape gives focus back to the control that
// opened it, and the profile's list of details is a list axe accepts.
const session = browserSession(portalUrl);

/** The accessible name of the focused element (its aria-label or text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'the page body';
    return active.getAttribute('aria-label') ?? active.textContent?.trim() ?? active.tagName;
  });

describe('focus after a modal closes', () => {
  for (const [control, title] of [
    [en.header.install, en.modals.installTitle],
    [en.footer.faq, en.docs.faq],
    [en.footer.contacts, en.docs.contacts],
  ] as const) {
    it(`Escape closes "${title}" and focus is back on "${control}"`, async () => {
      const { page } = await session.open('/');
      const opener = page.getByRole('button', { name: control, exact: true });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focusedName(page)).toBe(control);
    });
  }
});

describe('the profile page', () => {
  it('has no accessibility violations in its list of details (definition-list, dlitem)', async () => {
    const player = await signInByEmail(portalUrl());
    const context = await session.freshContext();
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page } = await session.openIn(context, '/Profile');
    await page.getByTestId('profile').getByText(player.email).first().waitFor();
    const violations = await axeScan(page);
    expect(violations.filter((violation) => ['definition-list', 'dlitem'].includes(violation.id))).toEqual([]);
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual(
      [],
    );
  });
});
