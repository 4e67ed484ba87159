import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  // Relative URLs: the portal serves the build under /demo-game/ (or any other path).
  base: './',
  // The workspace SDK is used from its TypeScript sources, so no SDK build is needed first.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', sourcemap: true, target: 'es2020' },
});
