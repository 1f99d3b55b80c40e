// The login route's initial JavaScript (gzip) and its ratio to a bare Vite + React page built in
// the same run with the same Vite and React. Targets: ≤ 200 KB and ≤ 3×. And the member area's two
// heaviest routes with everything they can load lazily (the breach report, the chart): account
// overview ≤ 300 KB, trading overview ≤ 350 KB.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchFigure } from './lib/result.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'apps/web');

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzipKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** Every JS file a set of manifest entries loads up front: the entries and their static imports. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no entry ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

/** The web package's `build` script names it too. */
const FIRST_PAINT_RENDER = 'src/app/first-paint/render-first-paint.tsx';

async function viteBuild(
  rootDir: string,
  configFile: string | false,
  outDir: string,
  extra: Record<string, unknown> = {},
) {
  const { build } = await import('vite');
  await build({
    root: rootDir,
    configFile,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
    ...extra,
  });
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The app, built as `npm run build` does (its vite.config.ts), into apps/web/dist, with the
 * server's first-paint module (apps/web/dist-ssr, decision 037): once per run.
 */
let appBuild: Promise<{ outDir: string; manifest: Manifest }> | null = null;
export function buildWebApp(): Promise<{ outDir: string; manifest: Manifest }> {
  const outDir = join(webDir, 'dist');
  const configFile = join(webDir, 'vite.config.ts');
  appBuild ??= viteBuild(webDir, configFile, outDir).then(async (manifest) => {
    const { build } = await import('vite');
    await build({ root: webDir, configFile, logLevel: 'warn', build: { ssr: FIRST_PAINT_RENDER } });
    return { outDir, manifest };
  });
  return appBuild;
}

/**
 * A bare Vite + React page (an <h1> rendered by React), same Vite, same React, built into `dir`/dist;
 * `plugins` are added after React's (the Lighthouse bench adds the app's pre-compression).
 */
export async function buildBarePage(
  dir: string,
  plugins: unknown[] = [],
): Promise<{ outDir: string; manifest: Manifest }> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>bare</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'src/main.jsx'),
    "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')).render(<StrictMode><h1>Hello</h1></StrictMode>);\n",
  );
  const react = (await import('@vitejs/plugin-react')).default;
  const outDir = join(dir, 'dist');
  const manifest = await viteBuild(dir, false, outDir, { plugins: [react(), ...plugins] });
  return { outDir, manifest };
}

export async function webBudget(): Promise<BenchFigure[]> {
  // 1. The app, built as `npm run build` does, into apps/web/dist.
  const { outDir: appOut, manifest: app } = await buildWebApp();
  const entry = Object.keys(app).find((k) => app[k]!.isEntry);
  if (!entry) throw new Error('no entry in the app manifest');
  // /auth/login renders the entry, then the lazy auth layout and the lazy login page.
  const loginKeys = [entry, 'src/features/auth/components/auth-layout.tsx', 'src/features/auth/pages/login-page.tsx'];
  const loginFiles = closure(app, loginKeys);
  const loginKb = [...loginFiles].reduce((sum, f) => sum + gzipKb(join(appOut, f)), 0);

  // 2. A bare Vite + React page in the same run, same Vite, same React.
  const bareDir = join(root, 'node_modules/.cache/web-budget-bare');
  const { outDir: bareOut, manifest: bare } = await buildBarePage(bareDir);
  const bareEntry = Object.keys(bare).find((k) => bare[k]!.isEntry)!;
  const bareKb = [...closure(bare, [bareEntry])].reduce((sum, f) => sum + gzipKb(join(bareOut, f)), 0);
  rmSync(bareDir, { recursive: true, force: true });

  const ratio = loginKb / bareKb;
  // A signed-in page: the entry, the query layer, the shell, the page and the given lazy parts.
  const signedIn = (page: string, lazyParts: string[]) => {
    const files = closure(app, [entry, 'src/app/query-layer.tsx', 'src/layout/shell.tsx', page, ...lazyParts]);
    return { kb: [...files].reduce((sum, f) => sum + gzipKb(join(appOut, f)), 0), files: files.size };
  };
  const accountsDir = 'src/features/accounts';
  const overview = signedIn(`${accountsDir}/pages/account-overview-page.tsx`, [
    `${accountsDir}/components/breach-report.tsx`,
  ]);
  const trading = signedIn(`${accountsDir}/pages/trading-overview-page.tsx`, [
    `${accountsDir}/components/equity-chart-canvas.tsx`,
  ]);
  const routeFigure = (name: string, r: { kb: number; files: number }, max: number): BenchFigure => ({
    name,
    value: Math.round(r.kb * 10) / 10,
    unit: 'KB',
    target: `<= ${max}`,
    ok: r.kb <= max,
    detail: `${r.files} files, lazy parts included`,
  });
  return [
    routeFigure('/accounts/account-overview JS (gzip)', overview, 300),
    routeFigure('/accounts/trading-overview JS with its chart (gzip)', trading, 350),
    {
      name: 'login route initial JS (gzip)',
      value: Math.round(loginKb * 10) / 10,
      unit: 'KB',
      target: '<= 200',
      ok: loginKb <= 200,
      detail: `${loginFiles.size} files`,
    },
    {
      name: 'login route JS / bare Vite + React page',
      value: Math.round(ratio * 100) / 100,
      unit: 'x',
      target: '<= 3',
      ok: ratio <= 3,
      detail: `bare page ${bareKb.toFixed(1)} KB gzip`,
    },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { printFigures } = await import('./lib/result.ts');
  printFigures('Web: login route budget', await webBudget());
}
