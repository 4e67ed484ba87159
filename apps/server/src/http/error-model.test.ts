import { expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../test/app.js';
import { describeEachEngine } from '../test/databases.js';
import { signIn } from '../test/sign-in.js';

interface BadRequest {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: string;
  contentType?: string;
  status: number;
  code: string;
  field?: string;
}

const json = 'application/json';

/** POST bodies refused with 400 naming the field: [url, payload, field]. */
function invalidBodies(cases: readonly (readonly [string, string, string])[]): BadRequest[] {
  return cases.map(([url, payload, field]) => ({
    name: `bad ${field}`,
    method: 'POST',
    url,
    payload,
    status: 400,
    code: 'validation_failed',
    field,
  }));
}

/** Bearer calls made without a token, refused with 401: [method, url, payload]. */
function withoutBearer(cases: readonly (readonly ['GET' | 'POST', string, string | undefined])[]): BadRequest[] {
  return cases.map(([method, url, payload]) => ({
    name: 'no bearer token',
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    status: 401,
    code: 'unauthorized',
  }));
}

/** Malformed input to every endpoint, and the stable answer each gets. */
const BAD_REQUESTS: BadRequest[] = [
  ...['/api/v1/games/list', '/api/v1/games/list_with_configs'].flatMap((url): BadRequest[] => [
    {
      name: 'locale of the wrong type',
      method: 'POST',
      url,
      payload: '{"Locale":5}',
      status: 400,
      code: 'validation_failed',
      field: 'body.Locale',
    },
    {
      name: 'locale not a locale',
      method: 'POST',
      url,
      payload: '{"Locale":"english please"}',
      status: 400,
      code: 'validation_failed',
      field: 'body.Locale',
    },
    {
      name: 'unknown platform name',
      method: 'POST',
      url,
      payload: '{"WebPublishingPlatform":"Myspace"}',
      status: 400,
      code: 'validation_failed',
      field: 'body.WebPublishingPlatform',
    },
    {
      name: 'unknown platform number',
      method: 'POST',
      url,
      payload: '{"WebPublishingPlatform":42}',
      status: 400,
      code: 'validation_failed',
      field: 'body.WebPublishingPlatform',
    },
    {
      name: 'unknown field',
      method: 'POST',
      url,
      payload: '{"Sort":"name"}',
      status: 400,
      code: 'validation_failed',
      field: 'body',
    },
    { name: 'array body', method: 'POST', url, payload: '[]', status: 400, code: 'validation_failed', field: 'body' },
    { name: 'broken JSON', method: 'POST', url, payload: '{"Locale":', status: 400, code: 'malformed_json' },
    {
      name: 'plain text body',
      method: 'POST',
      url,
      payload: 'Locale=en',
      contentType: 'text/plain',
      status: 415,
      code: 'unsupported_media_type',
    },
    { name: 'wrong method', method: 'GET', url, status: 404, code: 'not_found' },
  ]),
  {
    name: 'game name with bad characters',
    method: 'GET',
    url: '/api/v1/public_game_config/Sky_Runner!',
    status: 400,
    code: 'validation_failed',
    field: 'params.Game',
  },
  {
    name: 'game name too long',
    method: 'GET',
    url: `/api/v1/public_game_config/${'a'.repeat(80)}`,
    status: 400,
    code: 'validation_failed',
    field: 'params.Game',
  },
  {
    name: 'unknown platform in query',
    method: 'GET',
    url: '/api/v1/public_game_config/sky-runner?WebPublishingPlatform=99',
    status: 400,
    code: 'validation_failed',
    field: 'query.WebPublishingPlatform',
  },
  {
    name: 'order id that is not one',
    method: 'GET',
    url: '/api/v1/store/aghanim/payment/status?PublicOrderId=12345',
    status: 400,
    code: 'validation_failed',
    field: 'query.PublicOrderId',
  },
  {
    name: 'unknown game',
    method: 'GET',
    url: '/api/v1/public_game_config/no-such-game',
    status: 404,
    code: 'game_not_found',
  },
  {
    name: 'game not on platform',
    method: 'GET',
    url: '/api/v1/public_game_config/gem-garden?WebPublishingPlatform=CrazyGames',
    status: 404,
    code: 'game_not_on_platform',
  },
  {
    name: 'wrong method',
    method: 'POST',
    url: '/api/v1/public_game_config/sky-runner',
    payload: '{}',
    status: 404,
    code: 'not_found',
  },
  { name: 'unknown API path', method: 'GET', url: '/api/v1/no/such/thing', status: 404, code: 'not_found' },
  {
    name: 'unknown API path, POST',
    method: 'POST',
    url: '/api/v2/games/list',
    payload: '{}',
    status: 404,
    code: 'not_found',
  },
  { name: 'health with a body', method: 'POST', url: '/healthz', payload: '{}', status: 404, code: 'not_found' },
  // VK's payment notifications answer in VK's own format (tested with the VK platform); a wrong method is ours.
  {
    name: 'wrong method',
    method: 'GET',
    url: '/api/v1/platforms/vkcom/payments/sky-runner',
    status: 404,
    code: 'not_found',
  },
  // OK's payment callback answers in OK's XML (tested with the OK platform); a wrong method is ours.
  {
    name: 'wrong method',
    method: 'POST',
    url: '/api/v1/platforms/ok/payments/sky-runner',
    payload: '{}',
    status: 404,
    code: 'not_found',
  },
  // VK Play's payment notification answers in VK Play's JSON (tested with the VK Play platform); a wrong method is ours.
  {
    name: 'wrong method',
    method: 'POST',
    url: '/api/v1/platforms/vkplay/payments/sky-runner',
    payload: '{}',
    status: 404,
    code: 'not_found',
  },
  // Facebook Games: Facebook's form posts need their signed_request; its webhook, its signature.
  ...[
    '/api/v1/auth/authenticate_from_facebook_games/sky-runner',
    '/api/v1/platforms/fbgames/deauthorize/sky-runner',
    '/api/v1/platforms/fbgames/data-deletion/sky-runner',
  ].map(
    (url): BadRequest => ({
      name: 'no signed_request',
      method: 'POST',
      url,
      payload: 'fb_locale=en_US',
      contentType: 'application/x-www-form-urlencoded',
      status: 400,
      code: 'validation_failed',
    }),
  ),
  {
    name: 'a confirmation code never issued',
    method: 'GET',
    url: '/api/v1/platforms/fbgames/data-deletion/sky-runner/fbdel_made-up',
    status: 404,
    code: 'not_found',
  },
  {
    name: 'a product not sold there',
    method: 'GET',
    url: '/api/v1/platforms/fbgames/og/sky-runner/no_such_product',
    status: 404,
    code: 'not_found',
  },
  {
    name: 'no verify token',
    method: 'GET',
    url: '/api/v1/platforms/fbgames/payments/sky-runner',
    status: 401,
    code: 'platform_webhook_unauthorized',
  },
  {
    name: 'no X-Hub-Signature-256',
    method: 'POST',
    url: '/api/v1/platforms/fbgames/payments/sky-runner',
    payload: '{"object":"payments","entry":[{"id":"1"}]}',
    status: 401,
    code: 'platform_webhook_unauthorized',
  },
  { name: 'readiness with a body', method: 'POST', url: '/readyz', payload: '{}', status: 404, code: 'not_found' },
  // Absolute Games' notification and WizQ's proxy take only forms (their answers are tested with each platform).
  {
    name: 'a JSON body',
    method: 'POST',
    url: '/api/v1/platforms/ag/payments/sky-runner',
    payload: '{}',
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'a JSON body',
    method: 'POST',
    url: '/api/v1/wizq/proxyRequestHandler/sky-runner',
    payload: '{}',
    status: 415,
    code: 'unsupported_media_type',
  },
  // Telegram's bot webhook: without its secret token nothing is read.
  {
    name: 'no secret token',
    method: 'POST',
    url: '/api/v1/platforms/telegram/webhook/sky-runner',
    payload: '{"update_id":1}',
    status: 401,
    code: 'platform_webhook_unauthorized',
  },
  ...invalidBodies([
    ['/api/v1/invite/email_invite', '{"Email":"not-an-email","CaptchaResult":"x"}', 'body.Email'],
    ['/api/v1/auth/authenticate_from_email_invite', '{}', 'body.InviteToken'],
    ['/api/v1/auth/email_invite_details', '{"InviteToken":"short"}', 'body.InviteToken'],
    ['/api/v1/auth/authenticate_from_social', '{"Social":"Myspace","Game":"sky-runner"}', 'body.Social'],
    ['/api/v1/auth/authenticate_from_firebase', '{"GameSystemName":"sky-runner"}', 'body.Token'],
    ['/api/v1/auth/authenticate_with_external_id/sky-runner', '{"RefreshToken":5}', 'body.RefreshToken'],
    ['/api/v1/auth/authenticate_to_fxid_adapter_for_external_id', '{"AuthenticationType":"Google"}', 'body.Game'],
    [
      '/api/v1/auth/validate-external-id-auth-game-access-token',
      '{"Game":"sky-runner"}',
      'body.GameJwtAccessTokenJwtString',
    ],
    ['/api/v1/auth/authenticate_from_game', '{"Game":"sky-runner"}', 'body.Token'],
    ['/api/v1/auth/vkid/start', '{"CodeChallenge":"short","BrowserNonce":"x"}', 'body.CodeChallenge'],
    [
      '/api/v1/auth/authenticate_from_vkontaktecom_openapi',
      '{"Game":"sky-runner","VkSession":{"expire":1,"mid":"0","secret":"s","sid":"s","sig":"x"}}',
      'body.VkSession.mid',
    ],
    ['/api/v1/auth/oauth/mygames/start', '{"Game":"Bad Name!","BrowserNonce":"nonce"}', 'body.Game'],
    ['/api/v1/auth/oauth/mygames/info', '{"Game":"sky-runner","BrowserNonce":"nonce"}', 'body.Url'],
    ['/api/v1/auth/oauth/mygames/transfer', '{"Game":"sky-runner","Token":"t"}', 'body.MyGamesToken'],
    ['/api/v1/auth/twitch/start', '{"Game":"sky-runner","State":"short"}', 'body.State'],
    ['/api/v1/auth/authenticate_to_fxid', '{"AuthenticationType":"Myspace"}', 'body.AuthenticationType'],
    ['/api/v1/store/consume-purchase', '{"Game":"sky-runner"}', 'body.TransactionId'],
    ['/api/v1/yandexgames/purchase/sky-runner', '{"YandexSignedData":5}', 'body.YandexSignedData'],
    ['/api/v1/kongregate/items/gem-garden', '{"GameAuthToken":""}', 'body.GameAuthToken'],
    ['/api/v1/platforms/steam/settle/sky-runner', '{"OrderId":"12ab"}', 'body.OrderId'],
    [
      '/api/v1/fbinstant/purchase',
      '{"Game":"sky-runner","FbInstantPurchaseSignedData":5}',
      'body.FbInstantPurchaseSignedData',
    ],
    ['/api/v1/auth/authenticate_from_temp_token', '{"TempToken":5}', 'body.TempToken'],
    ['/api/v1/play/choose_game', '{"WebPublishingPlatform":"FxId"}', 'body.GameSystemName'],
    ['/api/v1/info/news', '{"Locale":"klingon!"}', 'body.Locale'],
    ['/api/v1/info/faq', '{}', 'body.Locale'],
    ['/api/v1/games/documents/list-with-versions', '{"GameSystemName":"Bad Name!"}', 'body.GameSystemName'],
    [
      '/api/v1/invite/connect_from_game',
      '{"GameSystemName":"sky-runner","GameUid":"p","Email":"a@b.co"}',
      'body.GameUidProof',
    ],
    [
      '/api/v1/invite/status',
      '{"GameSystemName":"sky-runner","GameUid":"p","GameUidProof":"v1.1.x"}',
      'body.GameUidProof',
    ],
    ['/api/v1/invite/update_connect_game_invite', '{"InviteToken":"short"}', 'body.InviteToken'],
    ['/api/v1/store/store_availability', '{"Game":"Bad Name!"}', 'body.Game'],
    ['/api/v1/store/store_data', '{"Game":"sky-runner","Currency":"usd"}', 'body.Currency'],
    [
      '/api/v1/store/create_payment',
      '{"Game":"sky-runner","Sku":"stars_100","WebPublishingPlatform":"FxId","Price":1}',
      'body',
    ],
    ['/api/v1/store/get_payment_status', '{"Game":"sky-runner","TransactionId":"1"}', 'body.TransactionId'],
    [
      '/api/v1/store/set-optimistic-order-status',
      '{"PublicOrderId":"ord_aaaaaaaaaaaaaaaaaaaaaa","Status":"Payed"}',
      'body.Status',
    ],
    ['/api/v1/store/check-buy-products', '{"Game":"sky-runner","Skus":["bad sku!"]}', 'body.Skus.0'],
    ['/api/v1/platforms/purchase', '{"Game":"sky-runner","Platform":"VkontakteCom","OrderId":"a b"}', 'body.OrderId'],
    ['/api/v1/platforms/payment', '{"Game":"sky-runner","Platform":"Telegram","Sku":"bad sku!"}', 'body.Sku'],
    [
      '/api/v1/store/payment_form/sbx_short',
      '{"PublicId":"ord_aaaaaaaaaaaaaaaaaaaaaa","Choice":"Pay"}',
      'params.Token',
    ],
    [
      '/api/v1/store/update-order-pi',
      '{"PublicOrderId":"ord_aaaaaaaaaaaaaaaaaaaaaa","OrderPersonalInfo":{"PhoneNumber":"+0123"}}',
      'body.OrderPersonalInfo.PhoneNumber',
    ],
    ['/api/v1/store/continue_redirect_with_pi', '{"Token":"short"}', 'body.Token'],
    ['/api/v1/store/merchant_payment_completed', '{"Token":5}', 'body.Token'],
  ]),
  ...withoutBearer([
    ['POST', '/api/v1/auth/create_temp_token', '{"RedirectUri":"/Profile"}'],
    ['GET', '/api/v1/auth/logout', undefined],
    ['GET', '/api/v1/auth/oauth/userinfo/sky-runner', undefined],
    ['POST', '/api/v1/profile', '{}'],
    ['POST', '/api/v1/profile/marketing', '{"MarketingEnabled":true}'],
    ['POST', '/api/v1/profile/remove_sign_in_method', '{"Type":"Google","Id":"google-uid"}'],
    ['POST', '/api/v1/auth/link_firebase', '{"Token":"a.b.c"}'],
    ['POST', '/api/v1/auth/create_import_token', '{"SocialIdentifierType":"Google","SocialIdentifier":"g"}'],
    ['POST', '/api/v1/auth/import_details', '{"ImportToken":"aaaaaaaaaaaaaaaaaaaa"}'],
    [
      'POST',
      '/api/v1/auth/authenticate_from_import',
      '{"SocialIdentifierType":"Google","SocialIdentifier":"g","ImportToken":"aaaaaaaaaaaaaaaaaaaa","Confirmed":true}',
    ],
    ['POST', '/api/v1/auth/create_link_code', '{"SocialIdentifierType":"VkontakteCom","SocialIdentifier":"1"}'],
    ['POST', '/api/v1/auth/link_code_details', '{"LinkCode":"ABCDE-FGHJK"}'],
    ['POST', '/api/v1/auth/link_from_code', '{"LinkCode":"ABCDE-FGHJK","Confirmed":true}'],
    ['POST', '/api/v1/auth/link_email', '{"Email":"a@b.co","CaptchaResult":"x","BrowserNonce":"nonce"}'],
    ['POST', '/api/v1/auth/link_social', '{"Social":"VkontakteCom","Game":"sky-runner"}'],
    ['POST', '/api/v1/auth/twitch/start', '{"Game":"sky-runner","State":"state-of-this-browser-0001"}'],
    ['POST', '/api/v1/auth/twitch/connect', '{"Game":"sky-runner","Code":"code"}'],
    ['POST', '/api/v1/auth/twitch/refresh_token', '{"Game":"sky-runner"}'],
    ['POST', '/api/v1/data-connections/get', '{}'],
    ['POST', '/api/v1/ftl_integration/sky-runner/launcher/sign_in_token', '{}'],
    ['POST', '/api/v1/native/sign_in_token/sky-runner', '{}'],
    ['POST', '/api/v1/profile/update', '{"Language":"ru"}'],
    ['POST', '/api/v1/profile/fetch_fxid_game_connection', '{"Game":"sky-runner"}'],
    ['GET', '/api/v1/play/sky-runner/list?OtaVersion=1.6', undefined],
    ['POST', '/api/v1/store/create_payment', '{"Game":"sky-runner","Sku":"stars_100","WebPublishingPlatform":"FxId"}'],
    ['POST', '/api/v1/store/get_payment_status', '{"Game":"sky-runner","TransactionId":"ord_aaaaaaaaaaaaaaaaaaaaaa"}'],
    [
      'POST',
      '/api/v1/store/set-optimistic-order-status',
      '{"PublicOrderId":"ord_aaaaaaaaaaaaaaaaaaaaaa","Status":"Completed"}',
    ],
    ['POST', '/api/v1/store/check-buy-products', '{"Game":"sky-runner"}'],
    ['POST', '/api/v1/platforms/purchase', '{"Game":"sky-runner","Platform":"VkontakteCom","OrderId":"1"}'],
    ['POST', '/api/v1/platforms/payment', '{"Game":"sky-runner","Platform":"Telegram","Sku":"stars_100"}'],
    ['POST', '/api/v1/kongregate/items/gem-garden', '{"GameAuthToken":"token"}'],
    ['POST', '/api/v1/platforms/steam/settle/sky-runner', '{}'],
    [
      'POST',
      '/api/v1/store/update-order-pi',
      '{"PublicOrderId":"ord_aaaaaaaaaaaaaaaaaaaaaa","OrderPersonalInfo":{"Email":"a@b.co"}}',
    ],
  ]),
  {
    name: 'a Steam OpenID sign-in returning to another site',
    method: 'GET',
    url: '/api/v1/auth/steam/openid/start?ReturnTo=https://evil.example/',
    status: 400,
    code: 'redirect_not_allowed',
  },
  {
    name: 'a Steam OpenID return without an assertion',
    method: 'GET',
    url: '/api/v1/auth/steam/openid/return',
    status: 401,
    code: 'platform_sign_invalid',
  },
  {
    name: 'unknown social identifier type',
    method: 'GET',
    url: '/api/v1/info/check_account_exists_by_social_identifier/sky-runner/Pager/123',
    status: 400,
    code: 'validation_failed',
    field: 'params.SocialIdentifierType',
  },
  {
    name: 'portal version that is not a version',
    method: 'GET',
    url: '/api/v1/play/sky-runner/list?OtaVersion=latest',
    status: 400,
    code: 'validation_failed',
    field: 'query.OtaVersion',
  },
  {
    name: 'launch without the portal version',
    method: 'GET',
    url: '/api/v1/play/sky-runner?BuildNumber=1&WebPublishingPlatform=FxId',
    status: 400,
    code: 'validation_failed',
    field: 'query.OtaVersion',
  },
  {
    name: 'start page by POST',
    method: 'POST',
    url: '/api/v1/play/index_html',
    payload: '{}',
    status: 404,
    code: 'not_found',
  },
  {
    name: 'manifest of an unknown game',
    method: 'GET',
    url: '/api/v1/manifest/no-such-game',
    status: 404,
    code: 'game_not_found',
  },
  {
    name: 'encoded link longer than a path segment may be',
    method: 'GET',
    url: `/api/v1/go/${'a'.repeat(4000)}`,
    status: 400,
    code: 'validation_failed',
    field: 'params.Base64Url',
  },
  {
    name: 'link target too long',
    method: 'GET',
    url: `/api/v1/go?url=/${'a'.repeat(3000)}`,
    status: 400,
    code: 'validation_failed',
    field: 'query.url',
  },
  {
    name: 'encoded link too long',
    method: 'POST',
    url: `/api/v1/go/${'a'.repeat(5000)}`,
    status: 414,
    code: 'uri_too_long',
  },
  {
    name: 'redirect payment without its temp token',
    method: 'GET',
    url: '/api/v1/store/create_payment_with_redirect/sky-runner/stars_100?WebPublishingPlatform=FxId',
    status: 400,
    code: 'validation_failed',
    field: 'query.Token',
  },
  {
    name: 'redirect payment with an unknown temp token',
    method: 'GET',
    url: `/api/v1/store/create_payment_with_redirect/sky-runner/stars_100?WebPublishingPlatform=FxId&Token=${'t'.repeat(43)}`,
    status: 400,
    code: 'invalid_token',
  },
  {
    name: 'payment form token that is not one',
    method: 'GET',
    url: '/api/v1/store/payment_form/sbx_bad',
    status: 400,
    code: 'validation_failed',
    field: 'params.Token',
  },
  {
    name: 'unknown payment form',
    method: 'GET',
    url: `/api/v1/store/payment_form/sbx_${'a'.repeat(32)}`,
    status: 404,
    code: 'not_found',
  },
  {
    name: 'payment form choice posted as plain text',
    method: 'POST',
    url: `/api/v1/store/payment_form/sbx_${'a'.repeat(32)}`,
    payload: 'Choice=Pay',
    contentType: 'text/plain',
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'unsigned payment notification',
    method: 'POST',
    url: '/api/v1/store/webhooks/sandbox',
    payload: '{"id":"evt_1"}',
    status: 400,
    code: 'invalid_token',
  },
  {
    name: 'notification for a provider that is not configured',
    method: 'POST',
    url: '/api/v1/store/webhooks/stripe',
    payload: '{"id":"evt_1"}',
    status: 404,
    code: 'not_found',
  },
  {
    name: 'notification for an account name that is not one',
    method: 'POST',
    url: '/api/v1/store/webhooks/xsolla/ACME!',
    payload: '{}',
    status: 400,
    code: 'validation_failed',
    field: 'params.Account',
  },
  {
    name: 'notification from an unknown provider',
    method: 'POST',
    url: '/api/v1/store/webhooks/paypal',
    payload: '{}',
    status: 400,
    code: 'validation_failed',
    field: 'params.Provider',
  },
  {
    name: 'keys by POST',
    method: 'POST',
    url: '/.well-known/jwks.json',
    payload: '{}',
    status: 404,
    code: 'not_found',
  },
  // Legal documents, support, web push and analytics.
  ...withoutBearer([
    ['POST', '/api/v1/games/documents/accepted', '{}'],
    ['POST', '/api/v1/games/documents/accept', '{"DocumentId":101,"DocumentVersionId":1011}'],
    ['POST', '/api/v1/games/documents/list-latest-unaccepted-documents', '{"GameSystemName":"sky-runner"}'],
    ['GET', '/api/v1/games/sky-runner/documents/101', undefined],
    ['POST', '/api/v1/support/send-message', '{"Data":{"Body":"Long enough text","Email":"a@b.co","Subject":"other"}}'],
    ['POST', '/api/v1/push_tokens/save', '{"Game":"sky-runner","Platform":"web","Token":"{}"}'],
    ['POST', '/api/v1/friends/get', '{}'],
    ['POST', '/api/v1/friends/status', '{"Game":"sky-runner","Name":"Ann","Status":"Level 3"}'],
    ['POST', '/api/v1/friends/send_invite_notification', '{}'],
    ['POST', '/api/v1/friends/accept_invite', '{"Fxref":"AAAAAAAAAAAAAAAAAAAAAA"}'],
    ['GET', '/api/v1/cross-play/events/rules?Game=sky-runner', undefined],
    ['GET', '/api/v1/cross-play/quests/my', undefined],
    ['POST', '/api/v1/cross-play/events/send', '{"GameSystemName":"sky-runner","EventCode":"stars_collected"}'],
    ['POST', '/api/v1/storage/get', '{"Game":"sky-runner"}'],
    ['POST', '/api/v1/storage/set', '{"Game":"sky-runner","Items":[{"Key":"k","Value":1}]}'],
    ['POST', '/api/v1/storage/delete', '{"Game":"sky-runner","Keys":["k"]}'],
    ['POST', '/api/v1/leaderboards/submit', '{"Game":"sky-runner","Leaderboard":"best-score","Score":1}'],
    ['POST', '/api/v1/leaderboards/around', '{"Game":"sky-runner","Leaderboard":"best-score"}'],
    ['POST', '/api/v1/leaderboards/player', '{"Game":"sky-runner","Leaderboard":"best-score"}'],
  ]),
  {
    name: 'document id that is not a number',
    method: 'GET',
    url: '/api/v1/games/sky-runner/documents/tos',
    status: 400,
    code: 'validation_failed',
    field: 'params.Id',
  },
  {
    name: 'support message too short',
    method: 'POST',
    url: '/api/v1/support/send-message',
    payload: '{"Data":{"Body":" short ","Email":"a@b.co","Subject":"other"}}',
    status: 400,
    code: 'validation_failed',
    field: 'body.Data.Body',
  },
  ...invalidBodies([
    [
      '/api/v1/auth/create_link_code',
      '{"SocialIdentifierType":"Myspace","SocialIdentifier":"1"}',
      'body.SocialIdentifierType',
    ],
    ['/api/v1/auth/link_code_details', '{"LinkCode":""}', 'body.LinkCode'],
    ['/api/v1/auth/link_from_code', '{"LinkCode":"ABCDE-FGHJK","Confirmed":false}', 'body.Confirmed'],
    ['/api/v1/friends/get', '{"FriendsIds":"all"}', 'body.FriendsIds'],
    ['/api/v1/friends/status', '{"Game":"sky-runner","Name":"Ann","Status":"x","Priority":-1}', 'body.Priority'],
    ['/api/v1/friends/send_invite_notification', '{"Game":"Sky Runner"}', 'body.Game'],
    ['/api/v1/friends/accept_invite', '{"Fxref":"../../etc"}', 'body.Fxref'],
    ['/api/v1/cross-play/events/send', '{"GameSystemName":"sky-runner","EventCode":"a b"}', 'body.EventCode'],
    ['/api/v1/storage/get', '{"Game":"sky-runner","Keys":["a b"]}', 'body.Keys.0'],
    ['/api/v1/storage/set', '{"Game":"sky-runner","Items":[{"Key":"k"}]}', 'body.Items.0.Value'],
    ['/api/v1/storage/delete', '{"Game":"sky-runner","Keys":[]}', 'body.Keys'],
    ['/api/v1/leaderboards/top', '{"Game":"sky-runner","Leaderboard":"best-score","Limit":500}', 'body.Limit'],
  ]),
  {
    name: 'error tunnel by GET',
    method: 'GET',
    url: '/api/s_tunnel',
    status: 405,
    code: 'method_not_allowed',
  },
  {
    // No ERROR_TUNNEL_DSNS here; error-tunnel.test.ts covers a configured tunnel (row 47).
    name: 'error tunnel without DSNs',
    method: 'POST',
    url: '/api/s_tunnel',
    payload: 'not json\n{}',
    contentType: 'text/plain;charset=UTF-8',
    status: 500,
    code: 'internal_error',
  },
  {
    name: 'cross-play rules without a game',
    method: 'GET',
    url: '/api/v1/cross-play/events/rules',
    status: 400,
    code: 'validation_failed',
    field: 'query.Game',
  },
  {
    name: 'quests in a locale that is not one',
    method: 'GET',
    url: '/api/v1/cross-play/quests/my?Locale=english%20please',
    status: 400,
    code: 'validation_failed',
    field: 'query.Locale',
  },
  {
    name: 'analytics event id out of range',
    method: 'POST',
    url: '/api/v1/analytics/track',
    payload: '{"SessionId":"s","Platform":24,"BuildId":"1","Events":[{"EventId":1,"CreatedAt":0}]}',
    status: 400,
    code: 'validation_failed',
    field: 'body.Events.0.EventId',
  },
  // The launcher (desktop builds).
  ...withoutBearer([
    ['POST', '/api/v1/ftl_integration/sky-runner/launcher/activate_key', '{"Key":"AAAAA-BBBBB-CCCCC-DDDDD-EEEEE"}'],
    ['GET', '/api/v1/ftl_integration/sky-runner/launcher/available_branches', undefined],
    ['GET', '/api/v1/ftl_integration/sky-runner/launcher/manifest/stable', undefined],
  ]),
  ...invalidBodies([
    ['/api/v1/ftl_integration/sky-runner/launcher/activate_key', '{"Key":""}', 'body.Key'],
    [
      '/api/v1/ftl_integration/sky-runner/launcher/request_download',
      '{"Branch":"../x","Artifact":"a.zip"}',
      'body.Branch',
    ],
  ]),
  {
    name: 'download session id that is not one',
    method: 'GET',
    url: '/api/v1/ftl_integration/sky-runner/launcher/download/not%20a%20session',
    status: 400,
    code: 'validation_failed',
    field: 'params.SessionId',
  },
  {
    name: 'direct download without an artifact',
    method: 'GET',
    url: '/api/v1/ftl_integration/sky-runner/launcher/download_direct?Branch=demo',
    status: 400,
    code: 'validation_failed',
    field: 'query.Artifact',
  },
  // Native in-app purchases.
  ...invalidBodies([
    ['/api/v1/native/inapp/validate/sky-runner', '{"Store":"AppStore","TransactionId":"abc"}', 'body.TransactionId'],
  ]),
  {
    name: 'native status with a three-letter Play country',
    method: 'GET',
    url: '/api/v1/native/status?Game=sky-runner&GooglePlayCountry=USA',
    status: 400,
    code: 'validation_failed',
    field: 'query.GooglePlayCountry',
  },
];

/** Whether a request URL falls under an OpenAPI path template such as /api/v1/manifest/{Game}. */
function matchesTemplate(template: string, url: string): boolean {
  const pattern = template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(url.split('?')[0] ?? '');
}

describeEachEngine('error model', (engine) => {
  const testApp = useTestApp(engine);
  let players = 0;

  it('has malformed-input cases for every documented endpoint', async () => {
    const { app } = testApp();
    const document = (await app.inject('/api/v1/openapi.json')).json() as { paths: Record<string, unknown> };
    const uncovered = Object.keys(document.paths).filter(
      (template) => !BAD_REQUESTS.some((bad) => matchesTemplate(template, bad.url)),
    );
    expect(uncovered).toEqual([]);
  });

  /** Whether the OpenAPI document says the request's route needs a bearer token (`auth: 'bearer'`). */
  async function needsBearer(app: TestApp['app'], bad: BadRequest): Promise<boolean> {
    const document = (await app.inject('/api/v1/openapi.json')).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const template = Object.keys(document.paths).find((path) => matchesTemplate(path, bad.url));
    const security = template ? document.paths[template]?.[bad.method.toLowerCase()]?.security : undefined;
    return JSON.stringify(security) === JSON.stringify([{ bearer: [] }]);
  }

  function send(app: TestApp['app'], bad: BadRequest, token?: string) {
    const auth = token ? { authorization: `Bearer ${token}` } : {};
    return app.inject({
      method: bad.method,
      url: bad.url,
      headers: { ...auth, ...(bad.payload !== undefined ? { 'content-type': bad.contentType ?? json } : {}) },
      ...(bad.payload !== undefined ? { payload: bad.payload } : {}),
    });
  }

  // Authentication runs before validation: a bad body is looked at only for a signed-in caller of a
  // bearer route, and an anonymous one is told 401 (next test) rather than which fields are wrong.
  it.each(BAD_REQUESTS)('$method $url: $name → $status $code', async (bad) => {
    const { app, database } = testApp();
    const signedIn = bad.status !== 401 && (await needsBearer(app, bad));
    // One player per case: sign-in emails per address are rate limited.
    players += 1;
    const token = signedIn ? await signIn(app, database.handle.db, `player${players}@example.com`) : undefined;
    const response = await send(app, bad, token);
    expect(response.statusCode).toBe(bad.status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = response.json();
    expect(problem).toMatchObject({
      type: `urn:fxid:error:${bad.code}`,
      status: bad.status,
      ErrorCode: bad.code,
      L10NKey: `errors.${bad.code}`,
      instance: bad.url.split('?')[0],
      RequestId: response.headers['x-request-id'],
    });
    expect(typeof problem.title).toBe('string');
    expect(problem.detail.length).toBeGreaterThan(0);
    if (bad.field) {
      expect(problem.Errors.map((issue: { Field: string }) => issue.Field)).toContain(bad.field);
      expect(problem.detail).toContain(bad.field);
    }
  });

  it.each(BAD_REQUESTS.filter((bad) => bad.status === 400))(
    'anonymous $method $url with $name → 401 on a bearer route, before any field is named',
    async (bad) => {
      const { app } = testApp();
      if (!(await needsBearer(app, bad))) return;
      const response = await send(app, bad);
      expect([response.statusCode, response.json().ErrorCode]).toEqual([401, 'unauthorized']);
      expect(response.json().Errors).toBeUndefined();
    },
  );
});
