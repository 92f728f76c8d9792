import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_MESSAGES } from './errors.js';
import {
  FIELD,
  USER_TEXTS,
  VALIDATION_MESSAGES,
  fieldMessageText,
  lengthCode,
  parseFieldCode,
} from './messages.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['apps/api/src', 'apps/web/src', 'packages'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Test support (src/test) stands in for the server the way a test needs it.
      return ['node_modules', 'dist', 'test'].includes(entry.name) ? [] : sourceFiles(full);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Code lines only: a comment may quote a spec text to say which one a code path answers with. */
const codeOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .join('\n');

describe('spec texts (sections 5 and 8)', () => {
  it('are written once in the source: every other use imports that definition', () => {
    const texts = new Set<string>(
      [
        ...Object.values(SPEC_MESSAGES),
        ...Object.values(VALIDATION_MESSAGES),
        ...Object.values(USER_TEXTS),
      ].filter((text) => text.length >= 12),
    );
    const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(repoRoot, dir))).map(
      (file) => ({
        file: path.relative(repoRoot, file),
        code: codeOf(fs.readFileSync(file, 'utf8')),
      }),
    );
    const written = new Map<string, string[]>();
    for (const text of texts) {
      const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const quoted = [`'${escaped.replaceAll("'", "\\\\'")}'`, `"${escaped}"`, `\`${escaped}\``];
      // A value in code (after `:`, `(`, `=`, `,`, `?` or a line start, before `,` `)` `;` `}` or
      // a line end), not a text quoted inside a description or another string.
      const value = new RegExp(
        `(?<=[:(=,?[]\\s*|^\\s*)(?:${quoted.join('|')})(?=\\s*(?:[,);}\\]]|$))`,
        'gm',
      );
      for (const { file, code } of files) {
        const count = code.match(value)?.length ?? 0;
        for (let i = 0; i < count; i += 1) written.set(text, [...(written.get(text) ?? []), file]);
      }
    }
    const repeated = [...written].filter(([, places]) => places.length > 1);
    expect(repeated).toEqual([]);
    // Every text is found where it is defined (the scan would miss nothing it should see).
    for (const text of texts) expect(written.get(text)?.length, text).toBe(1);
  });

  it('that the server sends and the client shows are the same definition', () => {
    expect(SPEC_MESSAGES.internal_error).toBe(USER_TEXTS.generic);
    expect(SPEC_MESSAGES.geo_blocked).toBe(USER_TEXTS.geoBlocked);
    expect(SPEC_MESSAGES.promo_code_invalid).toBe(VALIDATION_MESSAGES.promoInvalid);
    expect(SPEC_MESSAGES.clip_tag_invalid).toBe(VALIDATION_MESSAGES.selectTag);
  });
});

describe('field message codes', () => {
  it('read back as the spec texts, lengths with their number', () => {
    expect(fieldMessageText(FIELD.email)).toBe('A valid email address is required');
    expect(fieldMessageText(lengthCode('maxLength', 254))).toBe(
      'Field length must be less than 254',
    );
    expect(fieldMessageText(lengthCode('minLength', 10))).toBe(
      'Field length must be greater than 10',
    );
    expect(parseFieldCode('maxLength:254')).toEqual({ key: 'maxLength', number: 254 });
    for (const key of Object.keys(VALIDATION_MESSAGES)) {
      if (key === 'minLength' || key === 'maxLength') continue;
      expect(fieldMessageText(key)).toBe(VALIDATION_MESSAGES[key as keyof typeof FIELD]);
    }
  });

  it('leave any other message as it is and are not read from a text', () => {
    expect(fieldMessageText('Invalid input: expected string')).toBe(
      'Invalid input: expected string',
    );
    expect(parseFieldCode('A valid email address is required')).toBeNull();
    expect(parseFieldCode('maxLength')).toBeNull();
    expect(parseFieldCode('toString')).toBeNull();
    expect(parseFieldCode('maxLength:')).toBeNull();
  });
});
