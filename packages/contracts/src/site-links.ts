/*
 * Links a channel writes (menu, slides) and paths visitors report, as a browser reads them. This
 * module imports nothing (no zod): the site's header and slides use it in the first bundle.
 */

/**
 * A path on this site: not `//host` nor `/\host` (a browser reads a backslash as a slash), nor one
 * with whitespace (a browser drops tabs and newlines: `/<tab>/host` is `//host`).
 */
export const isSitePath = (value: string): boolean => /^\/(?![/\\])\S*$/.test(value);

/** A site path or an https address. */
export function isSiteLink(value: string): boolean {
  return isSitePath(value) || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value);
}
