// The boot script's entry (vite-session-prefetch.ts bundles it as one classic script).
import { prefetchSession, readBootFiles } from './session-prefetch';

prefetchSession(readBootFiles(document.currentScript));
