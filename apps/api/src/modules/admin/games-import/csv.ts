/** One record of a CSV file: its values and the line it starts on (1 for the header). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number };

/**
 * RFC 4180 CSV as spreadsheets write it: quoted values may hold commas, doubled quotes and line
 * breaks; lines end in CRLF, LF or CR; a UTF-8 BOM is dropped; blank lines are skipped. The
 * separator is a comma, or a semicolon when the header has semicolons and no comma (French
 * spreadsheets write that). A quote left open fails the file at the line it opened on.
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): CsvResult {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const sep = separatorOf(src);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;

  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cell.trim() !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };

  while (i < src.length) {
    const ch = src.charAt(i);
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && src[i + 1] !== '\n')) line += 1;
        cell += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      // A quote opens a value only at its start (spaces before it are dropped, as Excel does).
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (ch === sep) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
      // Stops reading a flood early: the caller refuses more records than it takes anyway.
      if (records.length > maxRecords) return { ok: true, records };
    } else {
      cell += ch;
    }
    i += 1;
  }
  if (quoted) return { ok: false, line: quoteLine };
  endRecord();
  return { ok: true, records };
}

function separatorOf(src: string): ',' | ';' {
  const header = src.slice(0, src.search(/\r|\n/) === -1 ? src.length : src.search(/\r|\n/));
  return !header.includes(',') && header.includes(';') ? ';' : ',';
}
