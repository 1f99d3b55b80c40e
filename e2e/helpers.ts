import { expect, type Page } from '@playwright/test';

export const MEMBER = { email: 'member@example.com', password: 'Member123!', firstName: 'Martina' };
export const ADMIN = { email: 'admin@example.com', password: 'Admin123!' };
export const SUPPORT = { email: 'support@example.com', password: 'Support123!' };

/** Signs in through the login form and waits for the role's home page. */
export async function login(page: Page, who: { email: string; password: string }, path = '/auth/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/(accounts|dashboard)$/);
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
