import { parse } from '@formatjs/icu-messageformat-parser';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** Message prefixes the auth screens need; the rest loads with the first signed-in or other page. */
export const CORE_MESSAGE_PREFIXES = [
  'AUTH.',
  'VALIDATION.',
  'ERROR.CODE.',
  'FOOTER.',
  'LANGUAGE.',
  'THEME.',
  'COMMON.',
  'SESSION.',
];

/**
 * The i18n message files:
 * - compiled to ICU syntax trees at build time, so the browser needs no message parser
 *   (react-intl's documented "no-parser" setup);
 * - `messages/xx.json?core` gives only the auth screens' messages, keeping the login route small.
 */
export function i18nMessages(): Plugin {
  return {
    name: 'i18n-messages',
    enforce: 'pre',
    transform(code, id) {
      const match = /[\\/]i18n[\\/]messages[\\/][a-z]{2}\.json(\?core)?$/.exec(id);
      if (!match) return;
      let messages = JSON.parse(code) as Record<string, string>;
      if (match[1]) {
        messages = Object.fromEntries(
          Object.entries(messages).filter(([k]) => CORE_MESSAGE_PREFIXES.some((p) => k.startsWith(p))),
        );
      }
      const compiled = Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, parse(v)]));
      // Plain files stay JSON for Vite's JSON plugin; the ?core subset is not a JSON request.
      const json = JSON.stringify(compiled);
      return { code: match[1] ? `export default ${json};` : json, map: null };
    },
  };
}

/**
 * Mantine's CSS with the components that use it. `@mantine/core/styles.css` holds every
 * component's styles (~250 KB) and was loaded by every page; instead, each Mantine component module
 * that Vite bundles imports its own stylesheet (`styles/<Component>.layer.css`, one per
 * `<Component>.module.mjs` in Mantine's ESM build), so a route's CSS chunk holds the styles of the
 * components its JavaScript contains. The `.layer.css` files put Mantine in `@layer mantine`, so
 * the app's own (unlayered) CSS wins whatever order the chunks' stylesheets load in, as Mantine's
 * documentation advises for split styles. main.tsx imports the three base files (baseline,
 * CSS variables, global); in development, where dependencies are pre-bundled and not transformed,
 * main.tsx loads Mantine's whole layered stylesheet instead.
 */
export function mantineCssPerComponent(): Plugin {
  return {
    name: 'mantine-css-per-component',
    apply: 'build',
    transform(code, id) {
      const match = /[\\/]@mantine[\\/]core[\\/]esm[\\/].+[\\/]([A-Za-z]+)\.module\.mjs$/.exec(id);
      if (!match) return;
      return { code: `import '@mantine/core/styles/${match[1]}.layer.css';\n${code}`, map: null };
    },
  };
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|ico|webmanifest|wasm)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of every compressible file of the build, written
 * next to it as `<file>.br` and `<file>.gz`; the server (plugins/spa.ts) picks one by the request's
 * Accept-Encoding. Files under `minBytes`, or that would not shrink, are left alone.
 */
export function precompress(opts: { minBytes?: number } = {}): Plugin {
  const minBytes = opts.minBytes ?? 1024;
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(output) {
      if (!output.dir) return;
      await precompressDir(output.dir, minBytes);
    },
  };
}

export async function precompressDir(dir: string, minBytes = 1024): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !f.slice(dir.length).includes(`${sep}.vite${sep}`));
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (body.length < minBytes) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      await Promise.all([
        br.length < body.length ? writeFile(`${file}.br`, br) : undefined,
        gz.length < body.length ? writeFile(`${file}.gz`, gz) : undefined,
      ]);
    }),
  );
}

/** Where the app is built from and served under. */
export interface AppPaths {
  root: string;
  base: string;
}

/**
 * A build-only plugin that works on the finished bundle, after Vite's own steps (the HTML is
 * written by then) and after the plugins listed before it.
 */
export function afterBundle(
  name: string,
  handler: (this: Rollup.PluginContext, bundle: OutputBundle, app: AppPaths) => void | Promise<void>,
): Plugin {
  const app: AppPaths = { root: '', base: '/' };
  return {
    name,
    apply: 'build',
    configResolved(config) {
      app.root = config.root;
      app.base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        return handler.call(this, bundle, app);
      },
    },
  };
}

/** What a chunk loads before it runs: itself, its static imports, and their CSS. */
export function chunkClosure(bundle: OutputBundle, start: string[], into = new Set<string>()): Set<string> {
  const visit = (fileName: string) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    chunk.imports.forEach(visit);
    chunk.viteMetadata?.importedCss.forEach((css) => into.add(css));
  };
  start.forEach(visit);
  return into;
}

/** What index.html loads: the entry's closure. */
export function entryClosure(bundle: OutputBundle): Set<string> {
  const entries = Object.values(bundle).filter((c) => c.type === 'chunk' && c.isEntry);
  return chunkClosure(
    bundle,
    entries.map((c) => c.fileName),
  );
}

/** The chunks of source modules (relative to the app's root); a module missing from the build fails it. */
export function chunkFilesOf(bundle: OutputBundle, root: string, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  return modules.map((m) => {
    const id = join(root, m);
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`no chunk for ${m}`);
    return chunk.fileName;
  });
}

/**
 * Route shells: a copy of index.html per route prefix that also preloads that route's lazy chunks
 * (`<link rel="modulepreload">`, and `<link rel="preload" as="style">` for their CSS), written as
 * `<prefix>/index.html`. The server answers a path with the nearest such file up the path
 * (plugins/spa.ts), so /auth/login fetches the login screen's chunks alongside the entry instead
 * of after the entry has run. `routes` maps a prefix to the source modules its screens load
 * lazily (relative to the app's root); a module missing from the build fails it.
 */
export function routeShells(routes: Record<string, string[]>): Plugin {
  return afterBundle('route-shells', function (bundle, { root, base }) {
    const html = bundle['index.html'];
    if (html?.type !== 'asset' || typeof html.source !== 'string') return;
    const inIndex = entryClosure(bundle);
    for (const [prefix, modules] of Object.entries(routes)) {
      const links = [...chunkClosure(bundle, chunkFilesOf(bundle, root, modules))]
        .filter((f) => !inIndex.has(f))
        .map((f) =>
          f.endsWith('.css')
            ? `<link rel="preload" as="style" crossorigin href="${base}${f}">`
            : `<link rel="modulepreload" crossorigin href="${base}${f}">`,
        );
      this.emitFile({
        type: 'asset',
        fileName: `${prefix}/index.html`,
        source: html.source.replace('</head>', `  ${links.join('\n    ')}\n  </head>`),
      });
    }
  });
}

/** A package's index that only gathers its modules (Mantine, Tabler icons): read for names, not followed. */
const isBarrel = (id: string, imports: readonly string[]) =>
  id.includes(`${sep}node_modules${sep}`) && imports.length > 40;

/** `{ A, B as C } from "x"` in import or re-export statements: imported name, local name, specifier. */
function namedImports(code: string): Array<{ name: string; local: string; from: string }> {
  const out: Array<{ name: string; local: string; from: string }> = [];
  for (const m of code.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    for (const part of m[1]!.split(',')) {
      const [name, alias] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/);
      if (name) out.push({ name: name.trim(), local: (alias ?? name).trim(), from: m[2]! });
    }
  }
  return out;
}

/**
 * One chunk per named route group: every module the group's modules import statically, which a
 * visit of that route fetches before it can paint. Left to automatic splitting, the modules shared
 * between lazy routes became one small chunk each (Mantine's components one by one): the login
 * route fetched ~70 files and the member area ~170, and on a mobile connection (six connections
 * per origin, ~150 ms each way) the count, not the bytes, held back the first paint. A package
 * index is followed only for the names a module imports from it, so the bytes a route fetches stay
 * what tree-shaking leaves. Groups claim modules in the order given; entries stay their own. A
 * group `{ sharedBy: [a, b] }` takes what groups a and b (listed after it) would both take, so that
 * neither carries the other's own modules.
 */
export function routeChunks(groups: Record<string, string[] | { sharedBy: string[] }>): Plugin {
  let root = '';
  const members = new Map<string, Set<string>>();
  const startsOf = (group: string): string[] => {
    const spec = groups[group];
    if (!Array.isArray(spec)) throw new Error(`route-chunks: ${group} is not a group of modules`);
    return spec;
  };
  return {
    name: 'route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: Object.keys(groups).map((name, i, all) => ({
                name,
                test: (id: string) => members.get(name)?.has(id) ?? false,
                priority: all.length - i,
              })),
            },
          },
        },
      },
    }),
    async buildEnd() {
      // A package index's exported names and the module each comes from.
      const indexes = new Map<string, Map<string, string>>();
      const exportsOf = async (barrel: string, code: string) => {
        let names = indexes.get(barrel);
        if (names) return names;
        names = new Map();
        for (const { local, from } of namedImports(code)) {
          const target = (await this.resolve(from, barrel))?.id;
          // The index exports what it binds: `import { A } from` binds A, `export { default as A } from` A.
          if (target) names.set(local, target);
        }
        indexes.set(barrel, names);
        return names;
      };
      const claimed = new Set<string>();
      // Every module the group's modules import statically, except those an earlier group claimed.
      const closure = async (starts: string[]): Promise<Set<string>> => {
        const found = new Set<string>();
        const visit = async (id: string): Promise<void> => {
          if (found.has(id) || claimed.has(id)) return;
          const info = this.getModuleInfo(id);
          // A package index reached as a whole (`import * as`) is left to automatic splitting.
          if (!info || isBarrel(id, info.importedIds)) return;
          if (!info.isEntry) found.add(id);
          const code = info.code ?? '';
          const viaIndex = new Set<string>();
          for (const { name: imported, from } of namedImports(code)) {
            const target = (await this.resolve(from, id))?.id;
            const targetInfo = target ? this.getModuleInfo(target) : null;
            if (!target || !targetInfo || !isBarrel(target, targetInfo.importedIds)) continue;
            viaIndex.add(target);
            const source = (await exportsOf(target, targetInfo.code ?? '')).get(imported);
            if (source) await visit(source);
          }
          for (const dep of info.importedIds) if (!viaIndex.has(dep)) await visit(dep);
        };
        for (const m of starts) await visit(join(root, m));
        return found;
      };
      for (const [name, spec] of Object.entries(groups)) {
        let found: Set<string>;
        if (Array.isArray(spec)) {
          found = await closure(spec);
        } else {
          // What every one of the named groups would take: fetched by whichever of them comes first.
          const [first, ...rest] = await Promise.all(spec.sharedBy.map((g) => closure(startsOf(g))));
          found = new Set([...first!].filter((id) => rest.every((other) => other.has(id))));
        }
        found.forEach((id) => claimed.add(id));
        members.set(name, found);
      }
    },
  };
}

/** The tags that load the app's modules (the entry and its preloads), as Vite writes them. */
const MODULE_TAGS = /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g;

/**
 * The app's modules, taken out of a page's head for a template its boot script starts after the
 * page's first paint (the prerendered login, the server-drawn /accounts): that paint waits for the
 * HTML, the stylesheets and the boot script alone, and the download and the run of the app's
 * JavaScript come after it instead of before it.
 */
export function deferModules(html: string): { html: string; modules: string } {
  const tags = html.match(MODULE_TAGS) ?? [];
  return { html: html.replace(MODULE_TAGS, ''), modules: tags.map((t) => t.trim()).join('') };
}
