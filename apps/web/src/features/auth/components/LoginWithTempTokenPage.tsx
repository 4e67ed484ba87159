import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { trackLogin } from '../../../entities/analytics/login-event';
import { useApiClient } from '../../../shared/api/api-context';
import { authenticateFromTempToken } from '../api/authenticate-from-temp-token';
import { SignInLinkPage } from './SignInLinkPage';

/** LoginWithTempToken?token=…: signs in with a one-time token, then returns to its redirect_uri. */
export function LoginWithTempTokenPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const [search] = useSearchParams();
  return (
    <SignInLinkPage
      title={t('auth.tempTokenTitle')}
      token={search.get('token')}
      spend={(token) =>
        authenticateFromTempToken(api, token).then((result) => {
          // Spec §4: a temp-token sign-in is recorded; the event never holds the sign-in up.
          void trackLogin(api, result.Token, 'temp_token');
          return result;
        })
      }
      redirectOf={(result) => result.TempTokenData.redirect_uri}
    />
  );
}
