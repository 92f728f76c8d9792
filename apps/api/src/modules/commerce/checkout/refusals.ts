import { HttpError } from '../../../lib/http-error.js';

/*
 * Refusals of a purchase shared by the checkout steps, with their stable codes. The client shows
 * its own translation of the code; the message is for API users.
 */
export const refuse = {
  alreadyPurchased: () => new HttpError(400, 'already_purchased', 'You already have this pass'),
  /** Another open order holds part of this purchase (a bundle and its pass bought at once). */
  orderPending: () =>
    new HttpError(
      409,
      'order_pending',
      'A payment for this pass is already in progress. Wait for it to finish, then try again.',
    ),
  emailNotVerified: () =>
    new HttpError(
      403,
      'email_not_verified',
      'Verify your email address to start the free trial: open the link we sent you.',
    ),
  trialUsed: () => new HttpError(400, 'trial_already_used', 'The free trial has already been used'),
  trialCardUsed: () =>
    new HttpError(400, 'trial_card_used', 'This card has already been used for a free trial.'),
} as const;
