import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nMessages } from './vite-plugins.ts';

export default defineConfig({
  plugins: [i18nMessages(), react()],
  test: {
    name: 'web',
    root: new URL('.', import.meta.url).pathname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
    // The browser zone the tests' expected times are written in, whatever the machine's.
    env: { TZ: 'UTC' },
  },
});
