import { z } from 'zod';

/** How a game is embedded: an iframe page or a Unity WebGL build. */
export const PlayGameTypeSchema = z.enum(['Unity', 'Iframe']).meta({ id: 'PlayGameType' });
export type PlayGameType = z.infer<typeof PlayGameTypeSchema>;

export const GameOrientationSchema = z.enum(['Unspecified', 'Horizontal', 'Vertical']).meta({ id: 'GameOrientation' });

/** Device families a web build can run on. */
export const RuntimeSchema = z.enum(['Desktop', 'Android', 'IPhone', 'IPad']).meta({ id: 'Runtime' });

/** Compression of a Unity WebGL build's files. */
export const UnityCompressionSchema = z
  .enum(['Unspecified', 'Disabled', 'Brotli', 'Gzip'])
  .meta({ id: 'UnityCompression' });

/** How the portal opens a game's terms or privacy link. */
export const OpenMethodSchema = z.enum(['Unspecified', 'Modal', 'NewPage']).meta({ id: 'OpenMethod' });

export const ThemeTypeSchema = z.enum(['Light', 'Dark']).meta({ id: 'ThemeType' });
