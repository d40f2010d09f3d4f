import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, formatCsv, formatCsvField, parseCsv } from './csv';

describe('parseCsv', () => {
  it('splits plain fields and records', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(parseCsv('a,,c\n,,\nx,')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
      ['x', ''],
    ]);
  });

  it('reads quoted fields with commas inside', () => {
    expect(parseCsv('Title,Author l-f\n"Dune, Part One","Herbert, Frank"\n')).toEqual([
      ['Title', 'Author l-f'],
      ['Dune, Part One', 'Herbert, Frank'],
    ]);
  });

  it('turns a doubled quote inside quotes into one quote', () => {
    expect(parseCsv('"She said ""hello"""\n')).toEqual([['She said "hello"']]);
    expect(parseCsv('"=""0441172717""","="""""\n')).toEqual([['="0441172717"', '=""']]);
  });

  it('keeps line breaks inside quotes as part of the field', () => {
    expect(parseCsv('a,"line one\nline two\r\nline three",c\nnext,row,here')).toEqual([
      ['a', 'line one\nline two\r\nline three', 'c'],
      ['next', 'row', 'here'],
    ]);
  });

  it('accepts CRLF, LF and lone CR record ends alike', () => {
    const expected = [
      ['a', 'b'],
      ['c', 'd'],
    ];
    expect(parseCsv('a,b\r\nc,d\r\n')).toEqual(expected);
    expect(parseCsv('a,b\nc,d')).toEqual(expected);
    expect(parseCsv('a,b\rc,d\r')).toEqual(expected);
  });

  it('drops a byte order mark at the start', () => {
    const [header] = parseCsv('\uFEFFBook Id,Title\r\n1,Dune\r\n');
    expect(header).toEqual(['Book Id', 'Title']);
  });

  it('keeps a quote inside an unquoted field as it is', () => {
    expect(parseCsv('1,="0441172717",="",x\n')).toEqual([['1', '="0441172717"', '=""', 'x']]);
  });

  it('reads an empty quoted field as an empty string', () => {
    expect(parseCsv('"",b\n""')).toEqual([['', 'b'], ['']]);
  });

  it('gives no records for empty text, and one empty field for a blank line', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('a\n\nb\n')).toEqual([['a'], [''], ['b']]);
  });

  it('refuses an unclosed quote, naming the record', () => {
    expect(() => parseCsv('a,b\n"never closed,c\n')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a,b\nc,d\n"never closed,c\n');
    } catch (error) {
      expect((error as CsvSyntaxError).record).toBe(3);
    }
  });

  it('refuses text after a closing quote', () => {
    expect(() => parseCsv('"abc"def,x\n')).toThrow(/after a closing quote/);
  });
});

describe('formatCsv', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(formatCsvField('plain')).toBe('plain');
    expect(formatCsvField('a, b')).toBe('"a, b"');
    expect(formatCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(formatCsvField('two\nlines')).toBe('"two\nlines"');
    expect(formatCsvField(' padded ')).toBe('" padded "');
    expect(formatCsvField(4)).toBe('4');
    expect(formatCsvField(null)).toBe('');
    expect(formatCsvField(undefined)).toBe('');
  });

  it('writes CRLF-ended records', () => {
    expect(
      formatCsv([
        ['Title', 'Rating'],
        ['Dune', 5],
      ]),
    ).toBe('Title,Rating\r\nDune,5\r\n');
  });

  it('guards text cells that a spreadsheet would run as formulas, never numbers', () => {
    const guard = { guardFormulas: true };
    expect(formatCsvField('=HYPERLINK("x")', guard)).toBe(`"'=HYPERLINK(""x"")"`);
    expect(formatCsvField('+1', guard)).toBe("'+1");
    expect(formatCsvField('@sum', guard)).toBe("'@sum");
    expect(formatCsvField(-1, guard)).toBe('-1');
    expect(formatCsvField('=x')).toBe('=x');
  });

  it('round-trips through the parser', () => {
    const records = [
      ['Title', 'Review', 'Rating'],
      ['The "Best" Book, Vol. 1', 'Line one\r\nLine two', '5'],
      ['', ' spaced ', ''],
    ];
    expect(parseCsv(formatCsv(records))).toEqual(records);
  });
});
