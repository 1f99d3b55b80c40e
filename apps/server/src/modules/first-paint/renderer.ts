// The web app's module that draws a signed-in page on the server (apps/web: `vite build --ssr`,
// src/app/first-paint/render-first-paint.tsx), loaded on first use. Without a web build there is
// none, and no page is drawn here: the browser draws its own as before (decision 037).
import type { FirstPaintInput } from '@app/contracts/first-paint';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export type { FirstPaintInput };

export interface FirstPaintRenderer {
  render(input: FirstPaintInput): Promise<string>;
}

export const builtRendererFile = fileURLToPath(
  new URL('../../../../web/dist-ssr/render-first-paint.js', import.meta.url),
);

/** The built renderer at `file`, imported once when first asked for; null when it is not built. */
export function builtRenderer(file = builtRendererFile): () => Promise<FirstPaintRenderer | null> {
  let loading: Promise<FirstPaintRenderer | null> | undefined;
  return () =>
    (loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then((mod: { renderFirstPaint: FirstPaintRenderer['render'] }) => ({
          render: mod.renderFirstPaint,
        }))
      : Promise.resolve(null));
}
