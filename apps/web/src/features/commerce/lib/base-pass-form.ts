/**
 * Routes a user who has not chosen a base pass may still open: the choice itself, signing in and
 * out, email and password pages, editing the profile (a temporary password comes first), the
 * legal and help pages, and the error page. (How the form is read: `base-pass.ts` in contracts.)
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
