/** User-facing validation and error texts of spec sections 5 and 8, verbatim. */
export const VALIDATION_MESSAGES = {
  email: 'A valid email address is required',
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  emailRequired: 'Enter your Email',
  passwordMismatch: 'The password and password confirmation do not match',
  passwordShort: 'The password is too short',
  required: 'Field is required',
  minLength: 'Field length must be greater than {number}',
  maxLength: 'Field length must be less than {number}',
  acceptTerms: 'Please accept terms & conditions',
  clipDuration: 'Your clip duration is longer than the end time',
  fillInput: 'Please fill in the input field.',
  selectTag: 'Please select tag',
  selectCard: 'Please select one of your saved cards or enter new one',
  promoInvalid: 'Promo code is invalid',
  notRegistered:
    'You are not registered yet. Please accept terms and conditions and click Register to continue.',
  /** Not a spec text: spec 5 gives the phone pattern but no message for it. */
  phone: 'A valid phone number is required',
} as const;

export const USER_TEXTS = {
  generic: 'Something went wrong. Please try again or contact technical support',
  reloadScreen: 'Apologies! Our service is currently experiencing technical difficulties.',
  playerError: 'Oops! We are currently experiencing technical difficulties',
  geoBlocked: "We're sorry, but this content is not available in your region.",
  notFoundTitle: 'Sorry! - Game Not Found',
  notFoundLost: 'Looks like we lose this page',
  notFoundHmm: 'Hmm',
  notFoundGame: 'game not found',
} as const;
