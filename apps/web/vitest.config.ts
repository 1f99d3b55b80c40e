import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nMessages } from './vite-plugins.ts';

export default defineConfig({
  plugins: [i18nMessages(), react()],
  test: {
    name: 'web',
    root: new URL('.', import.meta.url).pathname,
    environment: 'jsdom',
    // Each file in a fresh VM context of a long-lived worker: jsdom and the libraries are loaded
    // once per worker instead of once per file (the web suite 183 → 66 s wall on two cores).
    // A global the VM context lacks (jsdom's window holds fewer than Node's) is imported from Node.
    pool: 'vmForks',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
    // The browser zone the tests' expected times are written in, whatever the machine's.
    env: { TZ: 'UTC' },
  },
});
