import { defineConfig } from 'vite';

// The widget bundle: widget.js (IIFE, for a <script> tag) and widget.es.js (ES module).
// Written into ./public, which the proxy serves as static assets.
export default defineConfig({
  publicDir: false,
  build: {
    lib: {
      entry: 'widget/index.ts',
      name: 'UnifiedCheckout',
      formats: ['iife', 'es'],
      fileName: (format) => (format === 'iife' ? 'widget.js' : 'widget.es.js'),
    },
    outDir: 'public',
    emptyOutDir: false,
    minify: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: { output: { minify: true } },
  },
});
