import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../../test/render';
import ForgotPasswordPage from './forgot-password-page';

const routes = [{ path: '/auth/forgot-password', element: <ForgotPasswordPage /> }];

async function submitEmail(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
  await waitFor(() => expect(submit.disabled).toBe(false));
  await user.click(submit);
}

describe('forgot password page', () => {
  it('shows the SPEC success text', async () => {
    const calls = mockFetch({
      'POST /api/auth/recover': () => ({
        status: 200,
        body: { status: 200, message: 'Sent password reset. Please check your email' },
      }),
    });
    renderRoutes(routes, '/auth/forgot-password');
    await submitEmail('member@example.com');
    expect(await screen.findByText('Sent password reset. Please check your email')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/auth/recover')!.body).toEqual({ email: 'member@example.com' });
  });

  it('shows the server message, or the SPEC fallbacks', async () => {
    let answer: { status: number; body?: unknown } = {
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: 'Email is not valid here' },
    };
    mockFetch({ 'POST /api/auth/recover': () => answer });
    renderRoutes(routes, '/auth/forgot-password');
    await submitEmail('member@example.com');
    expect(await screen.findByText('Email is not valid here')).toBeTruthy();
    answer = { status: 500 };
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The login detail is incorrect')).toBeTruthy();
  });

  it('shows the generic text when the server cannot be reached', async () => {
    mockFetch({});
    renderRoutes(routes, '/auth/forgot-password');
    await submitEmail('member@example.com');
    expect(await screen.findByText('Sorry, looks like there are some errors detected, please try again.')).toBeTruthy();
  });
});
