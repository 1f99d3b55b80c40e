import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch, renderRoutes } from '../../../test/render';
import { emptyChallengeForm } from '../model/challenge-form';
import { ChallengeEditor } from './challenge-editor';

const show = (readOnly: boolean) => {
  mockFetch({});
  renderRoutes(
    [
      {
        path: '/challenges/edit/c1',
        element: <ChallengeEditor id="c1" initial={emptyChallengeForm()} readOnly={readOnly} />,
      },
    ],
    '/challenges/edit/c1',
  );
};

describe('challenge editor notices', () => {
  beforeAll(() => loadMessages('en'));

  it('SUPPORT is told the form is for reading, not what saving would do to running accounts', async () => {
    show(true);
    expect((await screen.findByTestId('read-only')).textContent).toBe(
      'Your role can view challenges but not change them.',
    );
    expect(screen.queryByText(/running accounts/i)).toBeNull();
  });

  it('ADMIN editing is told what a change does to running accounts', async () => {
    show(false);
    await screen.findByTestId('challenge-form');
    expect(screen.queryByTestId('read-only')).toBeNull();
  });
});
