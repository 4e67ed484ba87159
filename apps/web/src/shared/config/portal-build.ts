/** The portal's own version, sent so the server can pick builds this portal runs. */
export const PORTAL_OTA_VERSION = '1.6';
export const PORTAL_BUILD_NUMBER = 3159;

/** The build analytics events name (their BuildId). */
export const PORTAL_BUILD_ID = `${PORTAL_OTA_VERSION}.${PORTAL_BUILD_NUMBER}`;
