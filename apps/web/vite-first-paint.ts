import type { Plugin } from 'vite';
import { bundleClassicScript } from './vite-classic-script.ts';
import { afterBundle, chunkClosure, chunkFilesOf, deferModules, entryClosure } from './vite-plugins.ts';

const BOOT = 'src/app/first-paint/first-paint-boot-entry.ts';

/**
 * `<path>/index.html` for a signed-in screen the server draws a first paint of (decision 037):
 * the app's HTML with its modules moved into a template and a boot script
 * (src/app/first-paint/first-paint-boot.ts) that shows the server's page, with the stylesheets of
 * `modules` (the screen's components), then starts them. The server answers the nearest
 * index.html up a path, so the screen's sub-paths get it too; there the modules start at once.
 * Runs after the plugins that finish index.html (sessionPrefetch): list it after them.
 */
export function firstPaintShell(path: string, modules: string[]): Plugin {
  return afterBundle('first-paint-shell', async function (bundle, { root, base }) {
    const index = bundle['index.html'];
    if (index?.type !== 'asset' || typeof index.source !== 'string') return;
    const code = await bundleClassicScript(root, BOOT, 'firstPaintBoot');
    const boot = this.getFileName(this.emitFile({ type: 'asset', name: 'first-paint-boot.js', source: code }));
    const inIndex = entryClosure(bundle);
    const styles = [...chunkClosure(bundle, chunkFilesOf(bundle, root, modules))]
      .filter((f) => f.endsWith('.css') && !inIndex.has(f))
      .map((f) => base + f);
    const { html, modules: tags } = deferModules(index.source);
    // The session boot script's preloads (the signed-in area, the messages) move to this one's tag:
    // they start with the modules, after the page's paint, not before it; and it sends only the
    // session's check (`data-first-paint`: the drawing brings the rest).
    let preloads = '';
    const deferred = html.replace(
      / (data-member="[^"]*") (data-messages="[^"]*")/,
      (_m, member: string, messages: string) => {
        preloads = ` ${member} ${messages}`;
        return ' data-first-paint';
      },
    );
    if (!preloads)
      throw new Error('first-paint-shell: no session boot script in index.html (sessionPrefetch runs first)');
    // In the head, before the script: an async script may run before the body is parsed.
    const head =
      `  <template id="app-modules">${tags}</template>\n` +
      `    <script async fetchpriority="high" src="${base}${boot}" data-styles="${styles.join(' ')}"${preloads}></script>\n  </head>`;
    this.emitFile({
      type: 'asset',
      fileName: `${path.replace(/^\/+/, '')}/index.html`,
      source: deferred.replace('</head>', head),
    });
  });
}
