import {
  LoginBodySchema,
  PasswordResetRequestBodySchema,
  PasswordSchema,
  RegisterBodySchema,
  FIELD as M,
} from '@rudy/contracts';
import { z } from 'zod';

/*
 * Form schemas built from the contracts, so every message is the spec's and the server agrees.
 * They differ from the request bodies where a form needs it: checkboxes are plain booleans, and
 * the confirmation is compared even while other fields are still wrong (zod skips object
 * refinements after field issues unless told otherwise).
 */
const confirmationMatches = {
  path: ['password_confirmation'],
  message: M.passwordMismatch,
  when: () => true,
};

export const LoginFormSchema = LoginBodySchema.pick({ email: true, password: true });
export type LoginFormValues = z.input<typeof LoginFormSchema>;

const register = RegisterBodySchema.shape;
export const RegistrationFormSchema = z
  .object({
    first_name: register.first_name,
    last_name: register.last_name,
    email: register.email,
    password: register.password,
    password_confirmation: z.string(),
    newsletter: z.boolean(),
    terms_accepted: z.boolean().refine((accepted) => accepted, M.acceptTerms),
  })
  .refine((v) => v.password === v.password_confirmation, confirmationMatches);
export type RegistrationFormValues = z.input<typeof RegistrationFormSchema>;

export const ResetRequestFormSchema = PasswordResetRequestBodySchema.pick({ email: true });
export type ResetRequestFormValues = z.input<typeof ResetRequestFormSchema>;

export const NewPasswordFormSchema = z
  .object({ password: PasswordSchema, password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, confirmationMatches);
export type NewPasswordFormValues = z.input<typeof NewPasswordFormSchema>;
