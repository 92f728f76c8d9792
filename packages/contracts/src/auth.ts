import { z } from 'zod';
import { EMAIL_PATTERN, NUMBER_EMAIL_PATTERN } from './email-patterns.js';
import { FIELD as M, lengthCode } from './messages.js';

/** Password rules: at least 8 characters; long passphrases welcome (argon2 takes any length). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

const emailField = () =>
  z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(EMAIL_MAX, lengthCode('maxLength', EMAIL_MAX));

export const EmailSchema = emailField().regex(EMAIL_PATTERN, M.email);

/** The sign-in check: a standard or a number-email address. */
export const SignInEmailSchema = emailField().refine(
  (email) => EMAIL_PATTERN.test(email) || NUMBER_EMAIL_PATTERN.test(email),
  M.email,
);

export const PasswordSchema = z
  .string({ error: M.required })
  .min(1, M.required)
  .min(PASSWORD_MIN, M.passwordShort)
  .max(PASSWORD_MAX, lengthCode('maxLength', PASSWORD_MAX));

const nameSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(NAME_MAX, lengthCode('maxLength', NAME_MAX));

const withConfirmation = <T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.core.$RefinementCtx<T>,
) => {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: M.passwordMismatch });
  }
};

export const RegisterBodySchema = z
  .object({
    first_name: nameSchema(M.firstName),
    last_name: nameSchema(M.lastName),
    email: EmailSchema,
    password: PasswordSchema,
    password_confirmation: z.string({ error: M.required }),
    newsletter: z.boolean().default(false),
    terms_accepted: z.literal(true, { error: M.notRegistered }),
    recaptcha_token: z.string().max(4096).optional(),
  })
  .superRefine(withConfirmation);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: SignInEmailSchema,
  password: z.string({ error: M.required }).min(1, M.required).max(PASSWORD_MAX),
  recaptcha_token: z.string().max(4096).optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** The signed link of a verification or reset mail: /verify-email?email=&expires=&signature= */
export const SignedLinkSchema = z.object({
  email: EmailSchema,
  expires: z.coerce.number({ error: M.required }).int().positive(),
  signature: z.string({ error: M.required }).regex(/^[A-Za-z0-9_-]{43}$/, 'signature is malformed'),
});
export type SignedLink = z.infer<typeof SignedLinkSchema>;

export const PasswordResetRequestBodySchema = z.object({
  email: SignInEmailSchema,
  recaptcha_token: z.string().max(4096).optional(),
});

export const PasswordResetBodySchema = SignedLinkSchema.extend({
  password: PasswordSchema,
  password_confirmation: z.string({ error: M.required }),
}).superRefine(withConfirmation);
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

export const AddSessionBodySchema = z.object({
  code: z.string({ error: M.required }).min(1, M.required).max(200),
});

export const ProfileUpdateBodySchema = z
  .object({
    _method: z.literal('patch'),
    first_name: nameSchema(M.firstName).optional(),
    last_name: nameSchema(M.lastName).optional(),
    email: EmailSchema.optional(),
    newsletter: z.boolean().optional(),
    language: z.enum(['en', 'fr']).optional(),
    current_password: z.string().max(PASSWORD_MAX).optional(),
    password: PasswordSchema.optional(),
    password_confirmation: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== undefined && value.password !== value.password_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: M.passwordMismatch,
      });
    }
  });
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;

/** Deleting an account asks for the password, or the email for accounts without one (social). */
export const DeleteAccountBodySchema = z.object({
  password: z.string().max(PASSWORD_MAX).optional(),
  email: z.string().max(EMAIL_MAX).optional(),
});

export const FEATURE_COUNT_KEYS = ['clip', 'download'] as const;

export const ProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  newsletter: z.boolean(),
  language: z.enum(['en', 'fr']),
  trial_period_used: z.boolean(),
  temporary_password: z.boolean(),
  email_verified: z.boolean(),
  has_password: z.boolean(),
  capabilities: z.array(z.string()),
  featureCount: z.record(z.string(), z.number()),
  is_geo_blocked: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const UserAccessSchema = z.object({
  capabilities: z.array(z.string()),
  featureCount: z.record(z.string(), z.number()),
  is_geo_blocked: z.boolean(),
});
export type UserAccess = z.infer<typeof UserAccessSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

export const SocialProviderSchema = z.enum(['google', 'facebook']);
export type SocialProvider = z.infer<typeof SocialProviderSchema>;

export const SocialStartBodySchema = z.object({
  return_to: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, 'return_to must be a path on this site')
    .optional(),
});
export const SocialStartResponseSchema = z.object({ authorization_url: z.string() });
