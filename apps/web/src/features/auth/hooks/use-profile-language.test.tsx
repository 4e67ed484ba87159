// @vitest-environment jsdom
import { act, cleanup, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, expect, it } from 'vitest';
import { englishMessages as en } from '../../../shared/i18n/complete-messages';
import { jsonResponse, renderWithApp, testApi } from '../../../test/app-test-kit';
import { useProfileLanguage } from './use-profile-language';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Probe() {
  useProfileLanguage();
  return null;
}

/** English and Russian (with the same strings: only the language matters here), English in use. */
async function twoLanguages() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    supportedLngs: ['en', 'ru'],
    resources: { en: { translation: en }, ru: { translation: en } },
    initAsync: false,
  });
  return i18n;
}

const account = (Locale: string) => ({ AccountId: 'a-1', Email: 'p@example.test', Locale });

it("one language chosen by a signed-in player is one change, while the account's old language is still being replaced", async () => {
  localStorage.setItem('AuthToken', 'token-1');
  let answerSave: (() => void) | undefined;
  let profileServed = false;
  const api = testApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/profile') {
      profileServed = true;
      return jsonResponse(account('en'));
    }
    if (path === '/api/v1/profile/update') {
      const { Language } = (await request.json()) as { Language: string };
      await new Promise<void>((resolve) => {
        answerSave = resolve;
      });
      return jsonResponse(account(Language));
    }
    throw new Error(`unexpected ${path}`);
  });
  const i18n = await twoLanguages();
  const changes: string[] = [];
  i18n.on('languageChanged', (language: string) => changes.push(language));
  renderWithApp(<Probe />, { api, i18n });
  await waitFor(() => expect(profileServed).toBe(true));
  // The account (English) is in the cache and its effect has run.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));

  await act(() => i18n.changeLanguage('ru'));
  await waitFor(() => expect(answerSave).toBeDefined());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(changes).toEqual(['ru']);

  await act(async () => answerSave?.());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(changes).toEqual(['ru']);
  expect(i18n.resolvedLanguage).toBe('ru');
});

it("applies the account's language when it loads, without saving it back", async () => {
  localStorage.setItem('AuthToken', 'token-1');
  const saves: unknown[] = [];
  const api = testApi(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/v1/profile') return jsonResponse(account('ru'));
    if (path === '/api/v1/profile/update') saves.push(await request.json());
    return jsonResponse(account('ru'));
  });
  const i18n = await twoLanguages();
  renderWithApp(<Probe />, { api, i18n });
  await waitFor(() => expect(i18n.resolvedLanguage).toBe('ru'));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(saves).toEqual([]);
});
