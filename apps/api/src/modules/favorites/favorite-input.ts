import {
  favoritableTypeMessage,
  parseFavoritableType,
  SPEC_MESSAGES,
  type FavoritableType,
} from '@rudy/contracts';
import { HttpError } from '../../lib/http-error.js';

export interface FavoriteInput {
  type: FavoritableType;
  id: number;
}

const MAX_ID = 2_147_483_647;

/** A positive integer id from JSON (number) or a form (digits); undefined when absent. */
function readId(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= MAX_ID ? n : null;
}

/**
 * Checks POST /favorite's body with the spec's texts (section 5): a wrong type names the accepted
 * types and the value received; a missing id is 'id not selected'. Every bad field is listed in
 * `errors`; the message and code are those of the first.
 */
export function parseFavoriteInput(body: {
  favoritable_id?: unknown;
  favoritable_type?: unknown;
}): FavoriteInput {
  const type = parseFavoritableType(body.favoritable_type);
  const id = readId(body.favoritable_id);
  const errors: Record<string, string> = {};
  if (!type) errors.favoritable_type = favoritableTypeMessage(body.favoritable_type);
  if (id === undefined) errors.favoritable_id = SPEC_MESSAGES.id_not_selected;
  if (id === null) errors.favoritable_id = 'favoritable_id must be a positive integer';
  if (!type) {
    throw new HttpError(400, 'favoritable_type_invalid', errors.favoritable_type, errors);
  }
  if (id === undefined) throw new HttpError(400, 'id_not_selected', undefined, errors);
  if (id === null) throw new HttpError(400, 'validation_failed', errors.favoritable_id, errors);
  return { type, id };
}
