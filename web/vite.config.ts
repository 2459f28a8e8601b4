/// <reference types="vitest/config" />
/**
 * Vite configuration of the SPA: React plugin, the endpoint routes module, the login page's
 * share of the zh-CN messages, the dev proxy of
 * `/index.php` to the API server, the alias of antd's style injection
 * (src/app/styleInjection.ts), and the build layout docs/product.md, section 7 describes
 * (chunks under `js/`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';

const ROUTES_ID = 'virtual:endpoint-routes';
const FIRST_ROUTES_ID = 'virtual:first-routes';

/**
 * `virtual:endpoint-routes` and `virtual:first-routes`: each call's method and path, read
 * from the contract's endpoint table at build time; first-routes has only the calls marked
 * `firstScreen` (the login page's and the step to the first page). The client needs only
 * these to send a call; importing the table itself would bring zod and every schema into
 * the login page's JavaScript, and the whole route table is 2.5 KB of it.
 */
function endpointRoutes(): Plugin {
  const ids = new Set([ROUTES_ID, FIRST_ROUTES_ID]);
  return {
    name: 'swo-endpoint-routes',
    resolveId: (id) => (ids.has(id) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith('\0') || !ids.has(id.slice(1))) return undefined;
      // The contract is TypeScript source: tsx loads it whichever way Vite loaded this file.
      const { ENDPOINTS } = (await tsImport('@swo/contract', import.meta.url)) as typeof import('@swo/contract');
      const first = id.slice(1) === FIRST_ROUTES_ID;
      const entries = Object.entries(ENDPOINTS).filter(([, e]) => !first || ('firstScreen' in e && e.firstScreen));
      const routes = Object.fromEntries(entries.map(([name, e]) => [name, { method: e.method, path: e.path }]));
      return `export default ${JSON.stringify(routes)};`;
    },
  };
}

const FIRST_MESSAGES_ID = 'virtual:first-messages';

/**
 * The top-level message namespaces the login page needs (its own, the title and footer,
 * the language selector, request errors, the welcome): the first load carries only these
 * of the zh-CN messages; the whole bundle loads with any other page (src/app/i18n.ts).
 */
const FIRST_NAMESPACES = ['app', 'layout', 'lang', 'login', 'menu', 'qr', 'request', 'guard', 'welcome', 'buttons'];

/** `virtual:first-messages`: the zh-CN messages of FIRST_NAMESPACES, picked at build time. */
function firstMessages(): Plugin {
  const file = fileURLToPath(new URL('src/locales/zh-CN.json', import.meta.url));
  return {
    name: 'swo-first-messages',
    resolveId: (id) => (id === FIRST_MESSAGES_ID ? `\0${FIRST_MESSAGES_ID}` : undefined),
    load(id) {
      if (id !== `\0${FIRST_MESSAGES_ID}`) return undefined;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(Object.fromEntries(FIRST_NAMESPACES.map((k) => [k, all[k]])))};`;
    },
  };
}

const API_TARGET = process.env.SWO_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react(), endpointRoutes(), firstMessages()],
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
      treeshake: {
        // antd's Button styles import the colour picker's presets (for one small function),
        // which import Collapse: these packages do not say they are free of side effects,
        // so all of it stayed in the login page's JavaScript (docs/design.md, "Login page weight").
        moduleSideEffects: [{ test: /node_modules\/(@rc-component\/color-picker|rc-collapse)\//, sideEffects: false }],
      },
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
