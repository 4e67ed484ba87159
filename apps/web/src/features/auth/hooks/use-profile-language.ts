import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../entities/profile/api/account';
import { useApiClient } from '../../../shared/api/api-context';
import { switchLanguage } from '../../../shared/i18n/language';
import { readAuthToken } from '../../../shared/lib/auth-token';
import { createLogger } from '../../../shared/lib/logger';
import { updateLanguage } from '../api/update-language';

const logger = createLogger('i18n');

/**
 * Spec §4 "Language": the profile's locale becomes the UI language, and a signed-in
 * player's change of UI language is saved on the account.
 */
export function useProfileLanguage(): void {
  const { i18n } = useTranslation();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const account = useAccount();
  // react-i18next hands out a new i18n object at every language change: an effect keyed on it
  // ran again after each change, while the account still held the language being replaced (its
  // save had not answered), and switched back; the game was told ru, en, ru for one choice.
  const instance = useRef(i18n);
  instance.current = i18n;
  /** The profile's locale being applied: that change is not the player's choice, nothing to save. */
  const applying = useRef<string | undefined>(undefined);
  /** The locale the last save answered with: the player's own choice coming back, already in use. */
  const saved = useRef<string | undefined>(undefined);

  const locale = account.data?.Locale;
  useEffect(() => {
    if (!locale) return;
    if (locale === saved.current) {
      saved.current = undefined;
      return;
    }
    const current = instance.current;
    if (locale === current.resolvedLanguage) return;
    applying.current = locale;
    void switchLanguage(current, locale, logger).finally(() => {
      applying.current = undefined;
    });
  }, [locale]);

  useEffect(() => {
    const save = (language: string) => {
      const token = readAuthToken();
      if (!token || language === applying.current) return;
      if (!(i18n.options.supportedLngs || []).includes(language)) return;
      updateLanguage(api, token, language).then(
        (updated) => {
          saved.current = updated.Locale ?? undefined;
          queryClient.setQueryData(['account', token], updated);
        },
        (error: unknown) => logger.warn('the language could not be saved', error),
      );
    };
    i18n.on('languageChanged', save);
    return () => i18n.off('languageChanged', save);
  }, [api, i18n, queryClient]);
}
