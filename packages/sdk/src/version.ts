/** Version of this SDK build (spec: SDK version 1.6, build 3159). */
export const SDK_VERSION = { major: 1, minor: 6, build: 3159 } as const;

/** Wire protocol version carried by the handshake; bumped only on incompatible changes. */
export const PROTOCOL_VERSION = 1;
