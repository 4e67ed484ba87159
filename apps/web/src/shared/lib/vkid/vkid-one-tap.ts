import type { VkIdOptions } from '@fxid/contract';
import * as VKID from '@vkid/sdk';
import type { VkIdCallback } from './vkid-sign-in';

/** The portal languages VK ID's widget speaks too. */
const WIDGET_LANGUAGES: Record<string, VKID.Languages> = {
  ru: VKID.Languages.RUS,
  uk: VKID.Languages.UKR,
  en: VKID.Languages.ENG,
  es: VKID.Languages.SPA,
  de: VKID.Languages.GERMAN,
  pl: VKID.Languages.POL,
  fr: VKID.Languages.FRA,
  tr: VKID.Languages.TURKEY,
};

/**
 * VK ID's one-tap widget from @vkid/sdk (its own chunk: the SDK loads only where VK ID shows).
 * The widget is given our state and PKCE challenge, so the verifier stays with the portal and
 * the server exchanges the code; OK and Mail.ru show beside it as `vkOptions` asks. The widget
 * runs VK's https pages in an iframe: production only (development uses the stand-in's page).
 */
export function renderOneTap(input: {
  container: HTMLElement;
  options: VkIdOptions;
  state: string;
  challenge: string;
  redirectUrl: string;
  scope: string;
  /** The portal's language; the widget speaks it where VK ID does, else English. */
  locale: string | undefined;
  onCode: (callback: VkIdCallback) => void;
  onError: (error: unknown) => void;
}): () => void {
  VKID.Config.init({
    app: Number(input.options.ClientId),
    redirectUrl: input.redirectUrl,
    state: input.state,
    codeChallenge: input.challenge,
    scope: input.scope,
    responseMode: VKID.ConfigResponseMode.Callback,
    source: VKID.ConfigSource.LOWCODE,
  });
  const oauthList = [
    ...(input.options.ShowOkLogin ? [VKID.OAuthName.OK] : []),
    ...(input.options.ShowMailRuLogin ? [VKID.OAuthName.MAIL] : []),
  ];
  const widget = new VKID.OneTap();
  widget
    .render({
      container: input.container,
      showAlternativeLogin: true,
      lang: WIDGET_LANGUAGES[input.locale ?? 'en'] ?? VKID.Languages.ENG,
      ...(oauthList.length > 0 ? { oauthList } : {}),
    })
    .on(VKID.WidgetEvents.ERROR, input.onError)
    .on(VKID.OneTapInternalEvents.LOGIN_SUCCESS, (payload: { code: string; device_id: string; state?: string }) =>
      input.onCode({ code: payload.code, deviceId: payload.device_id, state: payload.state ?? input.state }),
    );
  return () => widget.close();
}
