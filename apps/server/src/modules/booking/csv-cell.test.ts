import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell.ts';

/** What an RFC 4180 reader (comma, quotes honoured) gets back from one line of cells. */
function readRfc4180(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += c;
    }
  }
  cells.push(cell);
  return cells;
}

/**
 * The fields every other reader may see in a line: split on `;`, `|`, tab or `,` (quotes not
 * honoured, as when the separator differs from ours), or into rows at a line break.
 */
function foreignFields(line: string): string[] {
  return [/;/, /\|/, /\t/, /,/, /\r\n|\r|\n/].flatMap((separator) => line.split(separator));
}

/** A field a spreadsheet evaluates: a formula character first, past spaces and quotes. */
const isFormula = (field: string) => /^[\s"]*[=+\-@]/.test(field);

const ATTACKS = [
  'Ann;=1+2',
  '=1+2',
  '+1 555 0100',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1',
  '\r=1',
  'Ann|=cmd|\' /C calc\'!A0',
  'Ann\t=1+2',
  'Ann\n=1+2',
  'Ann\r\n+1',
  'Ann, =1',
  'Ann;"=1+2"',
  'Ann; "@x"',
  'a;;=1;-2;+3;@4',
  'Ann;',
  '";=1',
];

describe('csvCell: formula injection through any separator a spreadsheet may use', () => {
  it("quotes a name with a `;` and puts a `'` before the formula after it", () => {
    expect(csvCell('Ann;=1+2')).toBe(`"Ann;'=1+2"`);
  });

  it.each(ATTACKS)('leaves no field of %j that starts a formula, for any separator', (value) => {
    const line = ['2030-06-10', value, value, 'ann@example.com'].map(csvCell).join(',');
    for (const field of foreignFields(line)) expect(isFormula(field), `field ${JSON.stringify(field)} of ${JSON.stringify(line)}`).toBe(false);
  });

  it.each(ATTACKS)('reads %j back through RFC 4180 as the text with apostrophes only before formula starts', (value) => {
    const [cell] = readRfc4180(csvCell(value));
    expect(cell!.replaceAll("'", '')).toBe(value.replaceAll("'", ''));
  });

  it('quotes a cell holding a separator, a quote or a line break, and leaves plain cells alone', () => {
    expect(csvCell('Teeth Cleaning')).toBe('Teeth Cleaning');
    expect(csvCell('2030-06-10')).toBe('2030-06-10');
    expect(csvCell('0f1e2d3c-0000-4000-8000-000000000000')).toBe('0f1e2d3c-0000-4000-8000-000000000000');
    expect(csvCell('Smith-Jones')).toBe('Smith-Jones');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a|b')).toBe('"a|b"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('')).toBe('');
  });
});
