/**
 * Development only: opens the development server's stand-in of the provider's account
 * chooser (at once, inside the click, so no popup blocker stops it) and resolves with the
 * provider assertion it posts back from this origin. Closing it rejects as Firebase does
 * for a closed provider popup.
 */
export function openLocalProviderWindow(emulatorUrl: string, providerId: string): Promise<string> {
  const popup = window.open(
    `${emulatorUrl}/dev/firebase/sign-in?provider=${encodeURIComponent(providerId)}`,
    'fxid-local-provider',
    'popup,width=480,height=560',
  );
  return new Promise((resolve, reject) => {
    if (!popup) {
      reject(Object.assign(new Error('Popup was blocked'), { code: 'auth/popup-blocked' }));
      return;
    }
    const done = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(watch);
    };
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; provider?: unknown; assertion?: unknown } | null;
      if (event.source !== popup || event.origin !== window.location.origin) return;
      if (data?.type !== 'fxid:local-firebase-credential' || data.provider !== providerId) return;
      if (typeof data.assertion !== 'string') return;
      done();
      // Closed from here, once the answer is in: had the chooser closed itself, `popup.closed` would
      // be true before its message arrived, and a tick of the watch between the two would report a
      // closed window for a sign-in that went through.
      popup.close();
      resolve(data.assertion);
    };
    // A closed window sends nothing: notice it, as Firebase's popup flow does.
    const watch = window.setInterval(() => {
      if (!popup.closed) return;
      done();
      reject(Object.assign(new Error('Popup was closed'), { code: 'auth/popup-closed-by-user' }));
    }, 500);
    window.addEventListener('message', onMessage);
  });
}
