import type { Page } from 'playwright-core';
import type { RunningServer } from './server.js';

/**
 * The demo channel's admin signs in as a person would: `to` (a console page) sends a visitor who
 * is not signed in to the sign-in, which brings them back to `to`.
 */
export async function adminSignIn(page: Page, server: Pick<RunningServer, 'admin'>, to: string) {
  const admin = await server.admin();
  await page.goto(to);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === to);
}
