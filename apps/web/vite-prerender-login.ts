import { join } from 'node:path';
import { createServer, type Plugin } from 'vite';
import { bundleClassicScript } from './vite-classic-script.ts';
import { afterBundle, deferModules } from './vite-plugins.ts';

const RENDER = 'src/app/prerender/render-login.tsx';
const BOOT = 'src/app/prerender/login-boot.ts';

interface RenderModule {
  LOCALES: readonly string[];
  renderLogin(locale: string): Promise<string>;
}

/** The app's login screen in each language, rendered by its own modules through Vite's SSR loader. */
async function renderLocales(root: string): Promise<Array<[string, string]>> {
  const server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
  });
  try {
    const mod = (await server.ssrLoadModule(`/${RENDER}`)) as RenderModule;
    return await Promise.all(mod.LOCALES.map(async (l) => [l, await mod.renderLogin(l)] as [string, string]));
  } finally {
    await server.close();
  }
}

/** A stylesheet the route shell preloads (routeShells). */
const PRELOADED_STYLE = /<link rel="preload" as="style" crossorigin href="([^"]+)">/g;

/**
 * /auth/login prerendered: `login/index.html` under the shell of `prefix` (routeShells), which the
 * server answers for /auth/login, holds the login screen in every language as `<template>`s and
 * a boot script (src/app/prerender/login-boot.ts) that shows the visitor's before the first
 * paint, then starts the app's modules (deferModules). The card paints once the HTML and the
 * stylesheet are in, not after the JavaScript has loaded and run; React adopts its markup when it
 * starts (main.tsx: hydrateRoot).
 */
export function prerenderLogin(prefix: string): Plugin {
  return afterBundle('prerender-login', async function (bundle, { root, base }) {
    const shell = bundle[`${prefix}/index.html`];
    if (shell?.type !== 'asset' || typeof shell.source !== 'string') {
      throw new Error(`prerender-login: no ${prefix}/index.html (routeShells runs first)`);
    }
    const [locales, boot] = await Promise.all([renderLocales(root), bundleClassicScript(root, BOOT, 'loginBoot')]);
    const bootFile = this.getFileName(this.emitFile({ type: 'asset', name: 'login-boot.js', source: boot }));
    const templates = locales.map(([l, markup]) => `<template data-prerendered="${l}">${markup}</template>`);
    const { html: deferred, modules } = deferModules(shell.source);
    // The screen is painted from the HTML: the stylesheets of its components (preloaded by the
    // route shell) are needed before that paint, as the app's own stylesheet is.
    const html = deferred.replace(PRELOADED_STYLE, '<link rel="stylesheet" crossorigin href="$1">');
    this.emitFile({
      type: 'asset',
      fileName: `${prefix}/login/index.html`,
      source: html.replace(
        '<div id="root"></div>',
        [
          '<div id="root"></div>',
          ...templates,
          `<template id="app-modules">${modules}</template>`,
          `<script src="${base}${bootFile}" fetchpriority="high"></script>`,
        ].join('\n    '),
      ),
    });
  });
}
