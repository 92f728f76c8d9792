import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startOidcIssuer, type TestPerson } from '../apps/api/src/test/oidc-issuer.js';
import { DESKTOP, PHONE, launchBrowser, newContext } from './support/browser.js';
import { followMailLink } from './support/outbox.js';
import { freePort, startServer, type RunningServer } from './support/server.js';

let server: RunningServer;
let issuer: Awaited<ReturnType<typeof startOidcIssuer>>;
let browser: Browser;
let person: TestPerson;

before(async () => {
  // The issuer must know the callback URL, which names the server's port: pick the port first.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  issuer = await startOidcIssuer({
    redirectUri: `${url}/auth/login/google/callback`,
    person: () => person,
  });
  server = await startServer(
    {
      GOOGLE_CLIENT_ID: 'rudy-test',
      GOOGLE_CLIENT_SECRET: 'rudy-test-secret',
      GOOGLE_ISSUER: issuer.issuer,
      OAUTH_ALLOW_HTTP: 'true',
      PUBLIC_URL: url,
    },
    { port },
  );
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await issuer?.close();
});

const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.test`;

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function logOut(page: Page, name: string) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: `Account menu for ${name}` }).click();
  await header.getByRole('button', { name: 'Log out' }).click();
  await page.getByText('You are logged out.').waitFor();
  await page.getByRole('link', { name: 'Log in', exact: true }).waitFor();
}

void describe('accounts in the browser', () => {
  void it('registers, verifies, logs out and in, edits, resets the password and deletes', async () => {
    const context = await newContext(browser, server.url);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const email = uniqueEmail('ann');

    // Register: the spec's messages first, then a real account.
    await page.goto('/registration');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Enter your first name').waitFor();
    await page.getByText('Please accept terms & conditions', { exact: true }).waitFor();
    await page.getByLabel('First name', { exact: true }).fill('Ann');
    await page.getByLabel('Last name', { exact: true }).fill('Lee');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first passphrase');
    await page.getByLabel('Confirm password', { exact: true }).fill('first passphrase');
    await page.getByLabel(/I accept the/).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/verify-notice');
    await page.getByText(`We sent a confirmation link to ${email}.`).waitFor();
    await page.getByRole('button', { name: 'Account menu for Ann Lee' }).waitFor();

    // The verification mail, from the dev outbox the notice links to. It holds everyone's links,
    // so it stays locked until this browser opens the address the server printed at start-up.
    await page.getByRole('link', { name: 'open the dev outbox' }).click();
    await page.waitForURL('**/dev/outbox?to=*');
    await page.getByText('printed in the terminal').waitFor();
    await page.goto(server.outboxUrl);
    await page.getByRole('heading', { name: 'Dev outbox' }).waitFor();
    assert.ok(!page.url().includes('token='), 'the key leaves the address bar');
    await followMailLink(page, server, email, '/verify-email');
    await page.getByText('Your email address is confirmed. Thank you!').waitFor();
    await page.goto('/profile');
    await page.getByText('Email confirmed').waitFor();
    await page.getByText('No orders yet').waitFor();

    await logOut(page, 'Ann Lee');
    await logIn(page, email, 'first passphrase');
    await page.getByText('Welcome back, Ann!').waitFor();

    // Edit the profile: the header follows the new name.
    await page.goto('/profile/edit');
    await page.getByLabel('First name', { exact: true }).fill('Annie');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
    await page.getByRole('button', { name: 'Account menu for Annie Lee' }).waitFor();
    await page.getByLabel('Current password', { exact: true }).fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('whatever passphrase');
    await page.getByLabel('Confirm password', { exact: true }).fill('whatever passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Incorrect password').waitFor();

    // Reset the password through the mail, then sign in with the new one only.
    await logOut(page, 'Annie Lee');
    await page.goto('/password-reset-request');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(`If an account exists for ${email}`, { exact: false }).waitFor();
    await followMailLink(page, server, email, '/password-reset');
    await page.getByLabel('New password', { exact: true }).fill('second passphrase');
    await page.getByLabel('Confirm password', { exact: true }).fill('second passphrase');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL('**/login?email=*');
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), email);
    await logIn(page, email, 'first passphrase');
    await page.getByText('Wrong auth data').waitFor();
    await logIn(page, email, 'second passphrase');
    await page.getByText('Welcome back, Annie!').waitFor();

    // Delete the account: home, signed out, and the credentials are gone.
    await page.goto('/profile/edit');
    await page.getByRole('link', { name: 'Delete my account' }).click();
    await page.waitForURL('**/confirm-account-deletion');
    await page.getByLabel('Password', { exact: true }).fill('second passphrase');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account has been deleted.').waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    await page.getByRole('link', { name: 'Log in', exact: true }).waitFor();
    await logIn(page, email, 'second passphrase');
    await page.getByText('Wrong auth data').waitFor();

    assert.deepEqual(errors, []);
    await context.close();
  });

  void it('registers in French, with French messages and a French mail (phone)', async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await context.newPage();
    const email = uniqueEmail('zoe');
    await page.goto('/registration');
    await page.locator('button[lang="fr"]:visible').first().click();
    await page.getByRole('heading', { name: 'Créer un compte' }).waitFor();
    await page.getByLabel('Mot de passe', { exact: true }).fill('court');
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page.getByText('Entrez votre prénom').waitFor();
    await page.getByText('Le mot de passe est trop court').waitFor();
    await page.getByText('Veuillez accepter les conditions générales', { exact: true }).waitFor();
    await page.getByLabel('Prénom', { exact: true }).fill('Zoé');
    await page.getByLabel('Nom', { exact: true }).fill('Gagnon');
    await page.getByLabel('Courriel', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('une phrase secrète');
    await page.getByLabel('Confirmez le mot de passe', { exact: true }).fill('une phrase secrète');
    await page.getByLabel(/J'accepte les/).check();
    await page.getByRole('button', { name: "S'inscrire" }).click();
    await page.waitForURL('**/verify-notice');
    await page.getByText(`Nous avons envoyé un lien de confirmation à ${email}.`).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    assert.ok(overflow <= 1, `no sideways scroll (${overflow}px)`);
    await page.goto(server.outboxUrl);
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    assert.match((await page.locator('li a').first().textContent()) ?? '', /Confirmez/);
    await context.close();
  });

  void it('signs in with Google against a local OpenID Connect provider', async () => {
    person = {
      sub: `g-${randomBytes(4).toString('hex')}`,
      email: uniqueEmail('social'),
      email_verified: true,
      given_name: 'Sam',
      family_name: 'Rivers',
    };
    const context = await newContext(browser, server.url, DESKTOP);
    const page = await context.newPage();
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('link', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // Out to the provider and back: /login?code=… trades the code for a session.
    await page.getByRole('button', { name: 'Account menu for Sam Rivers' }).waitFor();
    await page.waitForURL('**/faq');
    await page.goto('/profile');
    await page.getByText(person.email).waitFor();
    await page.getByText('Email confirmed').waitFor();

    // A social-only account confirms its deletion with its email.
    await page.goto('/confirm-account-deletion');
    await page.getByLabel('Email address', { exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account has been deleted.').waitFor();
    await context.close();
  });
});
