import { join } from 'node:path';
import { build, type Rollup } from 'vite';

/**
 * A module of the app bundled as one classic script (an IIFE, no imports): a boot script that runs
 * from the HTML before the app's modules have loaded.
 */
export async function bundleClassicScript(root: string, entry: string, name: string): Promise<string> {
  const out = (await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2022',
      lib: { entry: join(root, entry), formats: ['iife'], name, fileName: name },
    },
  })) as Rollup.RollupOutput[];
  return out[0]!.output[0].code;
}
