import { FIELD } from '@rudy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { apiError, callsTo, makeProfile, withBackground } from '../../../test/auth-fixtures';
import { json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const form = {
  id: 4,
  alias: 'contact',
  definition: {
    title: { en: 'Write to the league', fr: 'Écrire à la ligue' },
    fields: [
      { name: 'name', label: 'Your name', required: true },
      { name: 'email', type: 'email', label: 'Email', required: true },
      { name: 'phone', type: 'phone', label: 'Phone' },
      {
        name: 'topic',
        type: 'select',
        label: 'Topic',
        required: true,
        options: [{ value: 'billing', label: 'Passes and billing' }],
      },
      { name: 'consent', type: 'checkbox', label: 'You may call me', required: true },
      { name: 'note', label: 'Anything else', multiline: true },
    ],
  },
  entries: [],
};

const handler = withBackground((url, init) => {
  if (url.pathname === '/api/custom-forms/contact') {
    if (init.method === 'POST') return json({ ...form, entries: [] });
    return json(form);
  }
  if (url.pathname.startsWith('/api/custom-forms/')) return apiError('not_found', 404);
  return json([]);
});

describe('a channel custom form (/forms/:alias, and the contact form on /contacts)', () => {
  it("checks fields with the spec's texts before sending, then posts every field", async () => {
    const { fetch } = renderApp('/forms/contact', { handler, user: makeProfile() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Write to the league' }),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'sam@njhl');
    await userEvent.type(screen.getByLabelText('Phone'), '555-0123');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A valid email address is required')).toBeTruthy();
    expect(screen.getByText('A valid phone number is required')).toBeTruthy();
    expect(screen.getAllByText('Field is required')).toHaveLength(3);
    expect(callsTo(fetch, '/api/custom-forms/contact').filter((c) => c.body)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Your name'), 'Sam');
    await userEvent.type(screen.getByLabelText('Email'), '.example');
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'billing');
    await userEvent.click(screen.getByLabelText('You may call me'));
    // A multiline field is a text area of several lines.
    const note = screen.getByLabelText('Anything else');
    expect(note.tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Your name').tagName).toBe('INPUT');
    await userEvent.type(note, 'Two lines{enter}of it');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you, your answers are saved.')).toBeTruthy();
    const sent = callsTo(fetch, '/api/custom-forms/contact').find((c) => c.body);
    expect(sent?.body).toMatchObject({
      entries: [
        { name: 'name', value: 'Sam' },
        { name: 'email', value: 'sam@njhl.example' },
        { name: 'phone', value: '' },
        { name: 'topic', value: 'billing' },
        { name: 'consent', value: 'true' },
        { name: 'note', value: 'Two lines\nof it' },
      ],
    });
  });

  it("shows the server's refusals at their fields", async () => {
    renderApp('/forms/contact', {
      user: makeProfile(),
      handler: withBackground((url, init) =>
        url.pathname === '/api/custom-forms/contact' && init.method === 'POST'
          ? apiError('validation_failed', 400, { email: FIELD.email })
          : json(form),
      ),
    });
    await userEvent.type(await screen.findByLabelText('Your name', {}), 'Sam');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@njhl.example');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'billing');
    await userEvent.click(screen.getByLabelText('You may call me'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A valid email address is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks an anonymous visitor to log in, and says when the channel has no such form', async () => {
    const view = renderApp('/contacts', { handler });
    const region = await screen.findByRole('region', { name: 'Write to the league' });
    expect(within(region).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?return_to=%2Fcontacts',
    );
    view.unmount();
    renderApp('/forms/nope', { handler });
    expect(
      await screen.findByText('This form does not exist or is no longer open.', {}),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send' })).toBeNull());
  });
});
