import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';

/**
 * The simulated launcher and native app's server half: a launch signs a player in to the wrapper
 * (its own session), which then asks the real API for the page's sign-in token; the bridge stand-ins.
 */
describeEachEngine('the simulated fxid launcher and native app (/dev/hosts)', (engine) => {
  const testApp = useTestApp(engine);
  const launch = (wrapper: string, User: string, Game = 'sky-runner') =>
    testApp().app.inject({ method: 'POST', url: `/dev/hosts/${wrapper}/launch`, payload: { Game, User } });

  it.each([
    ['fxlauncher', '/api/v1/ftl_integration/sky-runner/launcher/sign_in_token', 'FxLauncherLogin'],
    ['fxnative', '/api/v1/native/sign_in_token/sky-runner', 'FxNativeLogin'],
  ])('%s: the wrapper’s session gets a token that signs its account in to the page', async (wrapper, path, block) => {
    const launched = (await launch(wrapper, 'returning')).json();
    expect(launched).toMatchObject({
      Url: `/play/sky-runner/iframe/${wrapper}`,
      Email: `${wrapper}-player@players.test`,
    });
    const issued = await testApp().app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: `Bearer ${launched.Bearer}` },
    });
    const signedIn = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: {
        Social: wrapper === 'fxlauncher' ? 'FxLauncher' : 'FxNative',
        Game: 'sky-runner',
        [block]: { Token: issued.json().Token },
      },
    });
    expect(signedIn.json().AccountId).toBe(launched.AccountId);
    // Returning is the same account again.
    expect((await launch(wrapper, 'returning')).json().AccountId).toBe(launched.AccountId);
  });

  it('a guest has nobody signed in to the wrapper; a game not on the wrapper is refused; the stand-ins', async () => {
    expect((await launch('fxnative', 'guest')).json()).toMatchObject({ Bearer: null, AccountId: null });
    expect((await launch('fxnative', 'new', 'gem-garden')).statusCode).toBe(404);
    const bridge = await testApp().app.inject({ method: 'GET', url: '/dev/hosts/fxnative/bridge.js' });
    expect(bridge.body).toContain('defineBridgeStandIn({"global":"fxidNative","channel":"fxnative-bridge"');
    const host = await testApp().app.inject({ method: 'GET', url: '/dev/hosts/wrapper-host.js' });
    expect(host.body).toContain("serveBridge(frame, 'fxlauncher-bridge'");
  });
});
