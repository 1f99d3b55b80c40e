import type { Plugin } from 'vite';
import { bundleClassicScript } from './vite-classic-script.ts';
import { afterBundle, chunkClosure, chunkFilesOf, entryClosure } from './vite-plugins.ts';

const ENTRY = 'src/app/boot/session-prefetch-entry.ts';
/** The languages' full message files, one chunk each. */
const MESSAGES = /[\\/]i18n[\\/]messages[\\/]([a-z]{2})\.json$/;

/**
 * Every page's HTML (the app's and the route shells', but not the prerendered login, which no
 * session sees) starts a signed-in page's first requests before the app's modules have loaded:
 * an async script (src/app/boot/session-prefetch.ts) at the top of the head. It is told the files
 * the member's first screen (`memberModules` and what they import) and each language's messages
 * load after the entry, to fetch them alongside it. It runs after the plugins that write those
 * pages (routeShells), so list it after them.
 */
export function sessionPrefetch(memberModules: string[]): Plugin {
  return afterBundle('session-prefetch', async function (bundle, { root, base }) {
    const code = await bundleClassicScript(root, ENTRY, 'sessionPrefetch');
    const file = this.getFileName(this.emitFile({ type: 'asset', name: 'session-prefetch.js', source: code }));
    const inIndex = entryClosure(bundle);
    const member = [...chunkClosure(bundle, chunkFilesOf(bundle, root, memberModules))].filter((f) => !inIndex.has(f));
    const messages = Object.values(bundle).flatMap((c) => {
      const locale = c.type === 'chunk' ? MESSAGES.exec(c.facadeModuleId ?? '')?.[1] : undefined;
      return locale ? [`${locale}:${base}${c.fileName}`] : [];
    });
    const tag =
      `<script async fetchpriority="high" src="${base}${file}"` +
      ` data-member="${member.map((f) => base + f).join(' ')}" data-messages="${messages.join(' ')}"></script>`;
    for (const asset of Object.values(bundle)) {
      if (asset.type !== 'asset' || !asset.fileName.endsWith('index.html') || typeof asset.source !== 'string') {
        continue;
      }
      if (asset.source.includes('data-prerendered')) continue;
      asset.source = asset.source.replace('</title>', `</title>\n    ${tag}`);
    }
  });
}
