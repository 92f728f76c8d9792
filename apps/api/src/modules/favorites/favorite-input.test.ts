import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.js';
import { parseFavoriteInput } from './favorite-input.js';

function failure(body: Record<string, unknown>) {
  try {
    parseFavoriteInput(body);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('parseFavoriteInput', () => {
  it('accepts the spec names and the stored names, storing the latter', () => {
    expect(parseFavoriteInput({ favoritable_type: 'participant', favoritable_id: 3 })).toEqual({
      type: 'participant',
      id: 3,
    });
    expect(parseFavoriteInput({ favoritable_type: 'group', favoritable_id: '12' })).toEqual({
      type: 'participant_group',
      id: 12,
    });
    expect(parseFavoriteInput({ favoritable_type: 'category', favoritable_id: 1 }).type).toBe(
      'event_category',
    );
    expect(parseFavoriteInput({ favoritable_type: 'event_category', favoritable_id: 1 }).type).toBe(
      'event_category',
    );
    expect(parseFavoriteInput({ favoritable_type: 'favorite_event', favoritable_id: 4 })).toEqual({
      type: 'favorite_event',
      id: 4,
    });
    expect(parseFavoriteInput({ favoritable_type: 'event_location', favoritable_id: 2 }).type).toBe(
      'event_location',
    );
  });

  it("rejects another type with the spec's text", () => {
    const error = failure({ favoritable_type: 'sport', favoritable_id: 1 });
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('favoritable_type_invalid');
    expect(error.message).toBe(
      "Field favoritable_type must be equal one of participant, group, category, favorite_event, event_location, but it's sport",
    );
    expect(failure({ favoritable_type: ['participant'], favoritable_id: 1 }).message).toMatch(
      /but it's \["participant"\]$/,
    );
  });

  it("says 'id not selected' without an id, and names a bad one", () => {
    const missing = failure({ favoritable_type: 'participant' });
    expect([missing.code, missing.message]).toEqual(['id_not_selected', 'id not selected']);
    for (const bad of ['7a', -3, 0, 2.5, 2 ** 31, {}]) {
      const error = failure({ favoritable_type: 'participant', favoritable_id: bad });
      expect(error.code).toBe('validation_failed');
      expect(error.errors).toEqual({ favoritable_id: 'favoritable_id must be a positive integer' });
    }
  });
});
