import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../i18n/messages';
import { renderBlock } from '../test/render';
import { isChunkLoadError, pageReload, reloadForNewBuild } from './new-build';
import { RouteError } from './route-error';

const GONE = new TypeError('Failed to fetch dynamically imported module: http://app.test/assets/billing-page-Ab12.js');

/** A router whose /billing page's code fails as `error`, shown at /billing. */
function openFailing(error: unknown, locale: 'en' | 'de' = 'en') {
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteError />,
        children: [
          {
            path: 'billing',
            lazy: async () => {
              throw error;
            },
          },
        ],
      },
    ],
    { initialEntries: ['/billing'] },
  );
  return renderBlock(<RouterProvider router={router} />, { locale });
}

describe('a page that fails to load', () => {
  const reload = vi.fn();
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('de');
  });
  beforeEach(() => {
    sessionStorage.clear();
    reload.mockReset();
    pageReload.run = reload;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('knows the browsers’ words for a module that could not be fetched', () => {
    expect(isChunkLoadError(GONE)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads once for a new build, and not again within a minute', () => {
    expect(reloadForNewBuild(1_000_000)).toBe(true);
    expect(reloadForNewBuild(1_030_000)).toBe(false);
    expect(reloadForNewBuild(1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('after a deployment: the page reloads to load the new build, showing nothing meanwhile', async () => {
    openFailing(GONE);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('route-error')).toBeNull();
  });

  it('when the reload did not help, says so in the reader’s language with a way to try again', async () => {
    reloadForNewBuild();
    reload.mockReset();
    openFailing(GONE);
    expect(await screen.findByRole('heading', { name: 'This page could not be opened' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('explains any other failure at once, without reloading', async () => {
    openFailing(new TypeError('Cannot read properties of undefined'), 'de');
    expect(await screen.findByRole('heading', { name: 'Diese Seite konnte nicht geöffnet werden' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });
});
