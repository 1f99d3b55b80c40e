import { expect, test } from '@playwright/test';

test('login shows the SPEC validation texts and the server error', async ({ page }) => {
  await page.goto('/auth/login');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  await email.focus();
  await password.focus();
  await expect(page.getByText('Email is required')).toBeVisible();
  await email.fill('ab');
  await expect(page.getByText('Minimum 3 symbols')).toBeVisible();
  await email.fill('abcdef');
  await expect(page.getByText('Wrong email format')).toBeVisible();
  await password.fill('Ab1!');
  await email.focus();
  await expect(page.getByText('Password is too short - should be 8 characters minimum.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await email.fill('member@example.com');
  await password.fill('Wrong123!');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The login details are incorrect' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('registration shows the SPEC validation texts', async ({ page }) => {
  await page.goto('/auth/registration');
  await page.getByLabel('First name').focus();
  await page.getByLabel('Last name').focus();
  await page.getByLabel('Email').focus();
  await page.getByLabel('Password', { exact: true }).focus();
  await page.getByLabel('Confirm Password', { exact: true }).focus();
  await page.getByRole('checkbox').focus();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Password confirmation is required')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('secret123!');
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Secret123!');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Secret123?');
  await expect(page.getByText("Password and Confirm Password didn't match")).toBeVisible();
  await page.getByRole('checkbox').check();
  await page.getByRole('checkbox').uncheck();
  await page.getByLabel('First name').focus();
  await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
});

test('forgot password sends the reset link and shows the SPEC text', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email').fill('member@example.com');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Sent password reset. Please check your email')).toBeVisible();
});

test('reset password without a valid token shows the server message', async ({ page }) => {
  await page.goto('/auth/reset-password?token=not-a-real-token-1234567890');
  await page.getByLabel('New password', { exact: true }).fill('Secret123!');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Secret123!');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This password reset link is invalid or has expired');
});
