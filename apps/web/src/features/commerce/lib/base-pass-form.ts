import type { CustomForm } from '@rudy/contracts';

/**
 * The base-pass form as the client reads a channel's definition: `fields` of
 * `{name, label?, type?: 'package' | 'text', required?}`. The field of type 'package' holds the
 * chosen pass id; a definition without fields is one required choice named `base_pass`.
 */
export interface BasePassField {
  name: string;
  label: string | null;
  type: 'package' | 'text';
  required: boolean;
}

export const DEFAULT_PASS_FIELD: BasePassField = {
  name: 'base_pass',
  label: null,
  type: 'package',
  required: true,
};

export function basePassFields(form: CustomForm): BasePassField[] {
  const raw = form.definition.fields;
  if (!Array.isArray(raw)) return [DEFAULT_PASS_FIELD];
  const fields = raw.flatMap((f): BasePassField[] => {
    if (typeof f !== 'object' || f === null) return [];
    const { name, label, type, required } = f as Record<string, unknown>;
    if (typeof name !== 'string' || !name) return [];
    return [
      {
        name,
        label: typeof label === 'string' ? label : null,
        type: type === 'package' ? 'package' : 'text',
        required: required === true,
      },
    ];
  });
  return fields.length > 0 ? fields : [DEFAULT_PASS_FIELD];
}

/** The field holding the pass: the first of type 'package', else the first field. */
export function passField(form: CustomForm): BasePassField {
  const fields = basePassFields(form);
  return fields.find((f) => f.type === 'package') ?? fields[0] ?? DEFAULT_PASS_FIELD;
}

/** Spec: a user "who has not selected" a base pass has no value saved for the pass field. */
export function hasChosenBasePass(form: CustomForm): boolean {
  const field = passField(form);
  return form.entries.some((e) => e.name === field.name && e.value.trim() !== '');
}

/**
 * Routes a user who has not chosen may still open: the choice itself, signing in and out,
 * email and password pages, editing the profile (a temporary password comes first), the legal
 * and help pages, and the error page.
 */
export const BASE_PASS_ALLOWED_PATHS: readonly string[] = [
  '/select-package',
  '/login',
  '/registration',
  '/verify-notice',
  '/verify-email',
  '/password-reset-request',
  '/password-reset',
  '/profile/edit',
  '/confirm-account-deletion',
  '/privacy_policy',
  '/terms_conditions',
  '/contacts',
  '/faq',
  '/about',
  '/404',
];

export function isBasePassAllowed(pathname: string): boolean {
  return BASE_PASS_ALLOWED_PATHS.some(
    (allowed) => pathname === allowed || pathname.startsWith(`${allowed}/`),
  );
}
