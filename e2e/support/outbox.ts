import type { Page } from 'playwright-core';
import type { RunningServer } from './server.js';

/**
 * The dev outbox as the local user reaches it: opened once with the key printed at start-up
 * (server.outboxUrl), then the newest mail to `email`, then its link.
 */
export async function followMailLink(
  page: Page,
  server: RunningServer,
  email: string,
  path: '/verify-email' | '/password-reset',
) {
  await page.goto(server.outboxUrl);
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await page.locator('li a').first().click();
  await page.locator(`a[href*="${path}?"]`).click();
  await page.waitForURL(`**${path}?**`);
}

/** The same without a browser: reads the verification mail and confirms the address through the API. */
export async function confirmEmail(server: RunningServer, email: string, apiKey: string) {
  const key = new URL(server.outboxUrl).searchParams.get('token') ?? '';
  const headers = { cookie: `rudy_dev_outbox=${key}` };
  const list = await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(email)}`, { headers });
  const id = /\/dev\/outbox\/(\d+)/.exec(await list.text())?.[1];
  if (!id) throw new Error(`no mail to ${email}`);
  const mail = await fetch(`${server.url}/dev/outbox/${id}/json`, { headers });
  const { text } = (await mail.json()) as { text: string };
  const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec(text)?.[0] ?? '');
  const res = await fetch(`${server.url}/api/auth/email-verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      api_key: apiKey,
      email: link.searchParams.get('email'),
      expires: Number(link.searchParams.get('expires')),
      signature: link.searchParams.get('signature'),
    }),
  });
  if (!res.ok) throw new Error(`email-verify: ${res.status} ${await res.text()}`);
}
