// The boot script's entry (vite-first-paint.ts bundles it as one classic script): the stylesheets
// of the page's components, the signed-in area's files and the messages are on its tag.
import { readBootFiles } from '../boot/session-prefetch';
import { bootFirstPaint } from './first-paint-boot';

const script = document.currentScript;
bootFirstPaint((script?.getAttribute('data-styles') ?? '').split(' ').filter(Boolean), readBootFiles(script));
