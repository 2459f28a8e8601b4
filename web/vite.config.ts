/// <reference types="vitest/config" />
/**
 * Vite configuration of the SPA: React plugin, the dev proxy of `/index.php` to the API
 * server, and the build layout docs/product.md, section 7 describes (chunks under `js/`).
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.SWO_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
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
