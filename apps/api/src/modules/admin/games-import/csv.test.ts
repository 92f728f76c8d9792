import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

const cells = (text: string) => {
  const r = parseCsv(text);
  if (!r.ok) throw new Error(`unclosed quote at ${r.line}`);
  return r.records.map((rec) => rec.cells);
};

describe('parseCsv', () => {
  it('reads plain values, LF, CRLF and CR line ends alike', () => {
    const expected = [
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ];
    expect(cells('a,b\n1,2\n3,4\n')).toEqual(expected);
    expect(cells('a,b\r\n1,2\r\n3,4')).toEqual(expected);
    expect(cells('a,b\r1,2\r3,4\r')).toEqual(expected);
  });

  it('keeps commas, doubled quotes and line breaks inside quotes', () => {
    expect(cells('name,city\n"Wolves, Sudbury","He said ""go"""\n"two\r\nlines",x')).toEqual([
      ['name', 'city'],
      ['Wolves, Sudbury', 'He said "go"'],
      ['two\r\nlines', 'x'],
    ]);
  });

  it('drops a UTF-8 BOM and skips blank lines', () => {
    expect(cells('\uFEFFdate,time\n\n2030-01-01,19:30\n\r\n')).toEqual([
      ['date', 'time'],
      ['2030-01-01', '19:30'],
    ]);
  });

  it('keeps empty values, at the end of a line too', () => {
    expect(cells('a,b,c\n1,,\n,,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', ''],
      ['', '', '3'],
    ]);
  });

  it('numbers each record by the line it starts on', () => {
    const r = parseCsv('h\n"x\ny"\n\nz');
    expect(r.ok && r.records.map((rec) => rec.line)).toEqual([1, 2, 5]);
  });

  it('reads semicolons when the header has no comma', () => {
    expect(cells('date;home_team\n2030-01-01;"Wolves; B"')).toEqual([
      ['date', 'home_team'],
      ['2030-01-01', 'Wolves; B'],
    ]);
  });

  it('fails an unclosed quote at the line it opened on', () => {
    expect(parseCsv('a,b\n1,2\n3,"open\nstill')).toEqual({ ok: false, line: 3 });
  });

  it('stops early past the record limit', () => {
    const r = parseCsv('h\n1\n2\n3\n4\n5\n', 2);
    expect(r.ok && r.records.length).toBe(3);
  });

  it('reads an empty file as no records', () => {
    expect(cells('')).toEqual([]);
    expect(cells('\uFEFF')).toEqual([]);
  });

  it('keeps a quote inside an unquoted value as it is', () => {
    expect(cells('a\n5\'11" tall')).toEqual([['a'], ['5\'11" tall']]);
  });
});
