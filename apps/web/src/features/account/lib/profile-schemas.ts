import {
  EmailSchema,
  LOCALES,
  PasswordSchema,
  ProfileUpdateBodySchema,
  FIELD as M,
  type Profile,
  type ProfileUpdateBody,
} from '@rudy/contracts';
import { z } from 'zod';

const fields = ProfileUpdateBodySchema.shape;
// Object refinements run even while a field is wrong, so every message shows on the first submit.
const always = { when: () => true };

/**
 * The current password is asked for a new email or password, except from holders of a temporary
 * password and accounts without one (social sign-in): the server skips the check for them too.
 */
export const needsCurrentPassword = (user: Profile) =>
  user.has_password && !user.temporary_password;

export const isEmailChanged = (user: Profile, email: string) =>
  email.trim().toLowerCase() !== user.email.toLowerCase();

export function detailsFormSchema(user: Profile) {
  return z
    .object({
      first_name: fields.first_name.unwrap(),
      last_name: fields.last_name.unwrap(),
      email: EmailSchema,
      newsletter: z.boolean(),
      language: z.enum(LOCALES),
      current_password: z.string(),
    })
    .refine(
      (v) => !needsCurrentPassword(user) || !isEmailChanged(user, v.email) || v.current_password,
      { path: ['current_password'], message: M.required, ...always },
    );
}
export type DetailsFormValues = z.input<ReturnType<typeof detailsFormSchema>>;

/** What the details form sends: the email (and the password that confirms it) only if changed. */
export function detailsChanges(
  user: Profile,
  values: DetailsFormValues,
): Omit<ProfileUpdateBody, '_method'> {
  const changes: Omit<ProfileUpdateBody, '_method'> = {
    first_name: values.first_name,
    last_name: values.last_name,
    newsletter: values.newsletter,
    language: values.language,
  };
  if (!isEmailChanged(user, values.email)) return changes;
  changes.email = values.email.trim();
  if (needsCurrentPassword(user)) changes.current_password = values.current_password;
  return changes;
}

export function passwordFormSchema(user: Profile) {
  return z
    .object({
      current_password: z.string(),
      password: PasswordSchema,
      password_confirmation: z.string(),
    })
    .refine((v) => v.password === v.password_confirmation, {
      path: ['password_confirmation'],
      message: M.passwordMismatch,
      ...always,
    })
    .refine((v) => !needsCurrentPassword(user) || v.current_password, {
      path: ['current_password'],
      message: M.required,
      ...always,
    });
}
export type PasswordFormValues = z.input<ReturnType<typeof passwordFormSchema>>;

/** Deleting the account: the password proves ownership, or the email without one. */
export function deletionProofSchema(user: Profile) {
  return user.has_password
    ? z.object({ password: z.string().min(1, M.required), email: z.string() })
    : z.object({ password: z.string(), email: EmailSchema });
}
export type DeletionProofValues = z.input<ReturnType<typeof deletionProofSchema>>;
