import type { FirebaseOptions } from '@fxid/contract';
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  type AuthProvider,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  FacebookAuthProvider,
  GoogleAuthProvider,
  initializeAuth,
  inMemoryPersistence,
  OAuthProvider,
  signInWithCredential,
  signInWithPopup,
  signOut,
} from 'firebase/auth';
import { FIREBASE_PROVIDER_IDS, type LoginProvider } from './firebase-providers';

/*
 * Firebase Auth, loaded only when a player picks Google, Apple or Facebook (its own chunk:
 * the landing page's first load stays within budget). The portal keeps its own session,
 * so Firebase keeps nothing: in-memory persistence, signed out once the ID token is read.
 */

const APP_NAME = 'fxid-login';

let auth: { key: string; auth: Auth } | undefined;

/** One Auth instance per set of options (the company's Firebase app, or the development stand-in). */
function authFor(options: FirebaseOptions, emulatorUrl: string | undefined): Auth {
  const key = JSON.stringify([options, emulatorUrl]);
  if (auth?.key === key) return auth.auth;
  const app: FirebaseApp =
    getApps().find((candidate) => candidate.name === APP_NAME) ??
    initializeApp(
      {
        apiKey: options.ApiKey,
        authDomain: options.AuthDomain,
        projectId: options.ProjectId,
        appId: options.AppId,
        ...(options.DatabaseUrl ? { databaseURL: options.DatabaseUrl } : {}),
        ...(options.StorageBucket ? { storageBucket: options.StorageBucket } : {}),
        ...(options.MessagingSenderId ? { messagingSenderId: options.MessagingSenderId } : {}),
      },
      APP_NAME,
    );
  const instance = initializeAuth(app, {
    persistence: inMemoryPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (emulatorUrl) connectAuthEmulator(instance, emulatorUrl, { disableWarnings: true });
  auth = { key, auth: instance };
  return instance;
}

function providerFor(provider: LoginProvider): AuthProvider {
  if (provider === 'google') return new GoogleAuthProvider();
  if (provider === 'facebook') return new FacebookAuthProvider();
  const apple = new OAuthProvider('apple.com');
  apple.addScope('email');
  apple.addScope('name');
  return apple;
}

/**
 * Signs in to Firebase with the provider and returns the user's ID token, for the server to
 * verify. With Google's Firebase: the provider's own popup. With the development stand-in
 * (`local`: the chooser window already opened on the player's click, and its answer): the
 * provider's assertion is handed to Firebase as a credential, through the same SDK.
 */
export async function firebaseIdToken(
  provider: LoginProvider,
  options: FirebaseOptions,
  local?: { emulatorUrl: string; assertion: Promise<string> },
): Promise<string> {
  const instance = authFor(options, local?.emulatorUrl);
  const result = local
    ? await signInWithCredential(
        instance,
        new OAuthProvider(FIREBASE_PROVIDER_IDS[provider]).credential({ idToken: await local.assertion }),
      )
    : await signInWithPopup(instance, providerFor(provider));
  try {
    return await result.user.getIdToken();
  } finally {
    await signOut(instance);
  }
}
