import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Account, useAccount } from '../../../entities/profile/api/account';
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
  const latest = useRef<Account | undefined>(undefined);
  latest.current = account.data;

  const locale = account.data?.Locale;
  useEffect(() => {
    if (locale && locale !== i18n.resolvedLanguage) void switchLanguage(i18n, locale, logger);
  }, [i18n, locale]);

  useEffect(() => {
    const save = (language: string) => {
      const token = readAuthToken();
      const current = latest.current;
      // Applying the profile's own locale changes nothing to save.
      if (!token || !current || current.Locale === language) return;
      if (!(i18n.options.supportedLngs || []).includes(language)) return;
      updateLanguage(api, token, language).then(
        (updated) => queryClient.setQueryData(['account', token], updated),
        (error: unknown) => logger.warn('the language could not be saved', error),
      );
    };
    i18n.on('languageChanged', save);
    return () => i18n.off('languageChanged', save);
  }, [api, i18n, queryClient]);
}
