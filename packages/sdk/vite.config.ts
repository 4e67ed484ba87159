import { defineConfig } from 'vite';

/**
 * Library build in two passes, because UMD cannot hold several entries:
 * `vite build` emits the ES modules (game SDK, host, protocol); `vite build --mode umd`
 * emits the single-file UMD of the game SDK for a plain `<script>` tag (global `FxidSDK`).
 */
export default defineConfig(({ mode }) => {
  const umd = mode === 'umd';
  return {
    build: {
      // Games run in old platform webviews (VK, OK apps); lowering costs nothing here.
      target: 'es2018',
      outDir: 'dist',
      emptyOutDir: !umd,
      sourcemap: true,
      minify: true,
      // Vite keeps whitespace in ES library output; this SDK is shipped as-is (games often load it
      // without a bundler), so the ES files are fully minified too. Source maps cover debugging.
      rolldownOptions: { output: { minify: true } },
      lib: umd
        ? { entry: 'src/index.ts', name: 'FxidSDK', formats: ['umd'], fileName: () => 'fxid-sdk.umd.cjs' }
        : {
            entry: { 'fxid-sdk': 'src/index.ts', host: 'src/host.ts', protocol: 'src/protocol.ts' },
            formats: ['es'],
            fileName: (_format, name) => `${name}.js`,
          },
    },
  };
});
