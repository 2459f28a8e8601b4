/// <reference types="vitest/config" />
/**
 * Vite configuration of the SPA: React plugin, the dev proxy of `/index.php` to the API
 * server, the alias of antd's style injection (src/app/styleInjection.ts), and the build
 * layout docs/product.md, section 7 describes (chunks under `js/`).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.SWO_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: [
      // antd's style injection, without re-reading every style sheet per component instance
      // (src/app/styleInjection.ts); the file itself imports the original with `.js`.
      { find: /^rc-util\/es\/Dom\/dynamicCSS$/, replacement: fileURLToPath(new URL('src/app/styleInjection.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/index.php': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/index.php': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        entryFileNames: 'js/[name].[hash].js',
        chunkFileNames: 'js/[name].[hash].js',
        assetFileNames: 'assets/[name].[hash][extname]',
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
