/*
 * Links a channel writes (menu, slides) and paths visitors report, as a browser reads them. This
 * module imports nothing (no zod): the site's header and slides use it in the first bundle.
 */

/**
 * What no page path of a browser holds and what turns a path into another host's address: a
 * backslash (read as a slash, so `/\host` is `//host`), a control character (tabs and line
 * breaks are dropped, so `/\t/host` is `//host`), a dot segment (resolved away by routers and
 * browsers, so `/./\host` becomes `/\host`).
 */
const UNSAFE = /[\\\p{Cc}]|\/\.\.?(?:\/|$)/u;
/** One slash, then not another. */
const ONE_SLASH = /^\/(?!\/)/;
/** A percent-escape of an ASCII character: the only ones that can spell a slash or a control. */
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;

/**
 * Whether a page path names a page of this site, whatever decodes it on the way: it starts with
 * a single "/" and neither it nor any decoding of its percent-escapes spells `//host`, a
 * backslash, a control character or a dot segment. What the dashboard lists as "top pages" (and
 * links to) is only this.
 */
export function isSitePath(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  let path = value;
  // A path escaped a few times over is checked at every stage; deeper is not a page path.
  for (let stage = 0; stage < 4; stage++) {
    if (!ONE_SLASH.test(path) || UNSAFE.test(path)) return false;
    const decoded = path.replace(ASCII_ESCAPE, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (decoded === path) return true;
    path = decoded;
  }
  return false;
}

/** A site path or an https address. */
export function isSiteLink(value: string): boolean {
  return (isSitePath(value) && !/\s/.test(value)) || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value);
}
