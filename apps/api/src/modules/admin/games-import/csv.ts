import { CsvError, parse } from 'csv-parse/sync';

/** One record of a CSV file: its values and the line it starts on (1 for the header). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number };

const LINE_BREAK = /\r\n|\r|\n/g;
const breaksIn = (text: string) => text.match(LINE_BREAK)?.length ?? 0;
const leadingBreaks = (text: string) => breaksIn(/^(?:\r\n|\r|\n)*/.exec(text)?.[0] ?? '');

/**
 * RFC 4180 CSV as spreadsheets write it (csv-parse): quoted values may hold commas, doubled quotes
 * and line breaks; lines end in CRLF, LF or CR; a UTF-8 BOM is dropped; blank lines are skipped;
 * spaces before a quote are dropped (as Excel does) and a quote inside an unquoted value is kept.
 * The separator is a comma, or a semicolon when the header has semicolons and no comma (French
 * spreadsheets write that). A quote left open fails the file at the line of the record it opened.
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): CsvResult {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  // The records' raw texts, in order, make up the file: a record starts on the line after the
  // line breaks before it (the blank lines skipped ahead of it included).
  let read = 0;
  let line = 1;
  try {
    parse(src, {
      delimiter: separatorOf(src),
      ltrim: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      raw: true,
      // Stops reading a flood early: the caller refuses more records than it takes anyway.
      ...(Number.isFinite(maxRecords) ? { to: maxRecords + 1 } : {}),
      on_record: (emitted: unknown, { raw }) => {
        const record = cellsOf(emitted);
        const start = line + leadingBreaks(raw ?? '');
        read += raw?.length ?? 0;
        line += breaksIn(raw ?? '');
        if (record.length > 1 || (record[0] ?? '').trim() !== '')
          records.push({ line: start, cells: record });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED')
      return { ok: false, line: line + leadingBreaks(src.slice(read)) };
    throw error;
  }
  return { ok: true, records };
}

/** With `raw`, csv-parse hands each record over as { record, raw } (its types say string[]). */
function cellsOf(emitted: unknown): string[] {
  if (Array.isArray(emitted)) return emitted as string[];
  if (typeof emitted === 'object' && emitted !== null && 'record' in emitted)
    return Array.isArray(emitted.record) ? (emitted.record as string[]) : [];
  return [];
}

function separatorOf(src: string): ',' | ';' {
  const header = src.slice(0, src.search(/\r|\n/) === -1 ? src.length : src.search(/\r|\n/));
  return !header.includes(',') && header.includes(';') ? ';' : ',';
}
