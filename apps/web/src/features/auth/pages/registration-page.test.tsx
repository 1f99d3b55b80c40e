import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../../test/render';
import { loadMessages } from '../../../i18n/messages';
import RegistrationPage from './registration-page';

const routes = [
  { path: '/auth/registration', element: <RegistrationPage /> },
  { path: '/auth/login/*', element: <p>login page</p> },
];

async function fill(user: ReturnType<typeof userEvent.setup>, overrides: Partial<Record<string, string>> = {}) {
  const v = {
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'Jane.Doe@Example.COM',
    password: 'Secret123!',
    changepassword: 'Secret123!',
    ...overrides,
  };
  await user.type(await screen.findByLabelText('First name'), v.firstName);
  await user.type(screen.getByLabelText('Last name'), v.lastName);
  await user.type(screen.getByLabelText('Email'), v.email);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), v.password);
  await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), v.changepassword);
}

describe('registration page', () => {
  it('uses the SPEC field names', async () => {
    mockFetch({});
    const { container } = renderRoutes(routes, '/auth/registration');
    await screen.findByLabelText('First name');
    const names = [...container.querySelectorAll('input')].map((i) => i.name).filter(Boolean);
    expect(names).toEqual(['firstName', 'lastName', 'email', 'password', 'changepassword', 'acceptTerms']);
  });

  it('shows the name, confirmation and mismatch messages', async () => {
    mockFetch({});
    renderRoutes(routes, '/auth/registration');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('First name'));
    await user.click(screen.getByLabelText('Last name'));
    await user.click(screen.getByLabelText('Confirm Password', { selector: 'input' }));
    await user.tab();
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Password confirmation is required')).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Jo');
    expect(await screen.findByText('Minimum 3 symbols')).toBeTruthy();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret123!');
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Secret123?');
    expect(await screen.findByText("Password and Confirm Password didn't match")).toBeTruthy();
  });

  it('keeps submit disabled until the terms are accepted, then sends a lower-cased email and role USER', async () => {
    const calls = mockFetch({
      'POST /api/auth/register': () => ({ status: 200, body: { status: 200, message: 'ok' } }),
    });
    const { router } = renderRoutes(routes, '/auth/registration');
    const user = userEvent.setup();
    await fill(user);
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(screen.getByRole('checkbox'));
    await user.tab();
    expect(await screen.findByText('You must accept the terms and conditions')).toBeTruthy();
    expect(submit.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login/');
    expect(router.state.location.search).toBe('?registration=success');
    expect(calls.find((c) => c.url === '/api/auth/register')!.body).toEqual({
      email: 'jane.doe@example.com',
      password: 'Secret123!',
      firstName: 'Jane',
      lastName: 'Doe',
      role: 'USER',
    });
  });

  it('shows the translated error for a taken email, and the fallback text without a message', async () => {
    let answer: { status: number; body?: unknown } = {
      status: 409,
      body: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists' },
    };
    mockFetch({ 'POST /api/auth/register': () => answer });
    await loadMessages('de');
    renderRoutes(routes, '/auth/registration', { locale: 'de' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Vorname'), 'Jane');
    await user.type(screen.getByLabelText('Nachname'), 'Doe');
    await user.type(screen.getByLabelText('E-Mail'), 'jane@example.com');
    await user.type(screen.getByLabelText('Passwort', { selector: 'input' }), 'Secret123!');
    await user.type(screen.getByLabelText('Passwort bestätigen', { selector: 'input' }), 'Secret123!');
    await user.click(screen.getByRole('checkbox'));
    const submit = screen.getByRole('button', { name: 'Absenden' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect(await screen.findByText('Ein Konto mit dieser E-Mail-Adresse existiert bereits')).toBeTruthy();
    answer = { status: 500 };
    await user.click(submit);
    expect(await screen.findByText('Fehler bei der Registrierung. Bitte versuchen Sie es erneut.')).toBeTruthy();
  });
});
