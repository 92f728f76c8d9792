/*
 * Text PostgreSQL stores as given. It refuses NUL in text and JSON (22021, 22P05), and a lone
 * UTF-16 surrogate is no character at all: a JSON column refuses it, a text column would get U+FFFD
 * instead of what was sent. Every request's text is checked against this once, before any route
 * reads it (the API's storable-text guard), and the datalake's own fast lane checks its fields.
 */

/** A field holding such text: its message (no spec text exists for it). */
export const UNSTORABLE_TEXT_MESSAGE = 'must be text without NUL or broken characters';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Most text (ASCII, accents) has no surrogate at all, and one scan of it settles that. */
const SURROGATE = /[\uD800-\uDFFF]/;

/** Whether PostgreSQL stores this text as it is: no NUL, no half of a UTF-16 pair. */
export const isStorableText = (s: string): boolean =>
  !s.includes('\u0000') && (!SURROGATE.test(s) || !LONE_SURROGATE.test(s));

/**
 * An object as the request parsers build it: `{}`, or an object of no class (the query's and the
 * route params' objects are of a prototype-less class). Not a Buffer, a stream or a Date.
 */
const isRecord = (v: object): v is Record<string, unknown> => {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === null || Object.getPrototypeOf(proto) === null;
};

interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

const pathOf = (visit: Visit | undefined): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let v = visit; v?.key !== undefined; v = v.parent) path.push(v.key);
  return path.reverse();
};

/**
 * Where a parsed request part (a JSON body, a query, route params) holds text PostgreSQL cannot
 * store: the field's path ([] for the part itself); undefined when all of it is storable. An
 * object key that is not storable names the object holding it. Only JSON's shapes are walked
 * (plain objects, arrays, strings); a raw body (a Buffer) is not text. Walked with a stack of its
 * own, not by recursion: a deeply nested body cannot exhaust the call stack.
 */
export function findUnstorableText(value: unknown): (string | number)[] | undefined {
  const stack: Visit[] = [{ value, key: undefined, parent: undefined }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const v = visit.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return pathOf(visit);
    } else if (Array.isArray(v)) {
      for (let index = 0; index < v.length; index++) {
        stack.push({ value: v[index], key: index, parent: visit });
      }
    } else if (typeof v === 'object' && v !== null && isRecord(v)) {
      for (const key of Object.keys(v)) {
        if (!isStorableText(key)) return pathOf(visit);
        stack.push({ value: v[key], key, parent: visit });
      }
    }
  }
  return undefined;
}

/** A field path as the API's refusals name fields: `fields.0.label`, `_` for the whole part. */
export const fieldName = (path: readonly (string | number)[]): string =>
  path.length > 0 ? path.join('.') : '_';
