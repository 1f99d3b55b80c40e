import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import { i18nMessages, mantineCssPerComponent, precompress, routeChunks, routeShells } from './vite-plugins.ts';
import { firstPaintShell } from './vite-first-paint.ts';
import { prerenderLogin } from './vite-prerender-login.ts';
import { sessionPrefetch } from './vite-session-prefetch.ts';

/** react-router's production ESM build, found next to the development one the exports point to. */
function reactRouterProduction(): string {
  const devEntry = createRequire(import.meta.url).resolve('react-router');
  return join(dirname(devEntry), '..', 'production', 'index.mjs');
}

/** The sign-in screen and its layout. */
const LOGIN_SCREEN = ['src/features/auth/components/auth-layout.tsx', 'src/features/auth/pages/login-page.tsx'];
/** The member's first screen (/accounts) and what surrounds it. */
const MEMBER_AREA = [
  'src/app/query-layer.tsx',
  'src/layout/shell.tsx',
  'src/features/accounts/pages/accounts-page.tsx',
];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    i18nMessages(),
    react(),
    // The module for the server (`vite build --ssr`, see package.json) needs none of what follows:
    // it is one file for Node, with no HTML, stylesheets or chunks for browsers.
    ...(isSsrBuild ? [] : browserBuild()),
  ],
  resolve: {
    alias: [
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
      // react-router's package exports only name its development build (dev warnings, larger);
      // its own Vite plugin swaps in the production build, which we do here for builds.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction() }] : []),
    ],
  },
  // The server's module holds everything it imports (no node_modules lookups at run time) in one file.
  // React's and others' production builds in it, whatever NODE_ENV the server runs with.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': '"production"' } } : {}),
  build: isSsrBuild
    ? {
        target: 'node20',
        outDir: 'dist-ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { output: { codeSplitting: false } },
      }
    : {
        // The budget script (bench/web-budget.ts) reads the manifest to follow the login route's imports.
        manifest: true,
        target: 'es2022',
        chunkSizeWarningLimit: 600,
      },
  server: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
}));

/** The browser's build: stylesheets per component, route shells, prerendered login, chunks, boot scripts. */
function browserBuild() {
  return [
    mantineCssPerComponent(),
    // /auth/* (where every visit without a session lands) fetches the auth layout and the login
    // screen with the entry instead of after it has run.
    routeShells({ auth: LOGIN_SCREEN }),
    // /auth/login's screen in the HTML, painted before the JavaScript has loaded (see prerenderLogin).
    prerenderLogin('auth'),
    // The entry with what every screen needs, the sign-in screen's own modules, the member area's
    // first screen, and what those two share, each in one chunk (see routeChunks): a signed-in
    // page does not load the sign-in form, nor the sign-in screen the member area.
    routeChunks({
      'sign-in': ['src/main.tsx'],
      'app-ui': { sharedBy: ['login-screen', 'member-area'] },
      'login-screen': LOGIN_SCREEN,
      'member-area': MEMBER_AREA,
    }),
    // A signed-in page's first requests, sent while the JavaScript loads (every page but the login).
    sessionPrefetch(MEMBER_AREA),
    // /accounts painted from the server's copy before the JavaScript has loaded (decision 037).
    firstPaintShell('/accounts', MEMBER_AREA),
    precompress(),
  ];
}
