import { describe, expect, it } from 'vitest';
import { isPlottableName, parseXy, XY_ERRORS } from './xy-data.ts';

const ok = (text: string) => {
  const r = parseXy(text);
  if (!r.ok) throw new Error(`expected data, got ${r.error}`);
  return r.data;
};
const pts = (text: string) => {
  const d = ok(text);
  return Array.from(d.x, (x, i) => [x, d.y[i]]);
};

describe('parseXy', () => {
  it('reads plain space-separated .xy with a BOM and CRLF', () => {
    expect(pts('\uFEFF10.0 100\r\n10.02 120\r\n10.04 90\r\n')).toEqual([
      [10, 100],
      [10.02, 120],
      [10.04, 90],
    ]);
  });

  it('skips comments and a header, and names the axes from the header', () => {
    const d = ok('# Bruker export\n; sample S-01\nAngle,Intensity\n20,5\n20.5,7\n21,6\n');
    expect(Array.from(d.x)).toEqual([20, 20.5, 21]);
    expect(d.xLabel).toBe('Angle');
    expect(d.yLabel).toBe('Intensity');
  });

  it('takes the header from a commented line too', () => {
    const d = ok('#2theta\tcounts\n5\t1\n6\t2\n7\t3\n');
    expect([d.xLabel, d.yLabel]).toEqual(['2theta', 'counts']);
  });

  it.each([
    ['tab', '1\t2\n3\t4\n5\t6'],
    ['comma', '1,2\n3,4\n5,6'],
    ['comma and space', '1, 2\n3, 4\n5, 6'],
    ['semicolon', '1;2\n3;4\n5;6'],
    ['several spaces', '  1    2  \n  3   4\n5 6  '],
    ['quoted csv', '"1","2"\n"3","4"\n"5","6"'],
  ])('separator: %s', (_name, text) => {
    expect(pts(text)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('reads decimal commas where a comma cannot be the separator', () => {
    expect(pts('1,5;2,25\n2,5;3,75\n3,5;4,5')).toEqual([
      [1.5, 2.25],
      [2.5, 3.75],
      [3.5, 4.5],
    ]);
    expect(pts('1,5\t2,25\n2,5\t3,75\n3,5\t4,5')[1]).toEqual([2.5, 3.75]);
    expect(pts('1,5 2,25\n2,5 3,75\n3,5 4,5')[2]).toEqual([3.5, 4.5]);
    // With commas as separators a comma is never a decimal point.
    expect(pts('1,5\n2,6\n3,7')).toEqual([
      [1, 5],
      [2, 6],
      [3, 7],
    ]);
  });

  it('reads scientific notation and signs', () => {
    expect(pts('1e2 -2.5E-3\n+1.5e2 .5\n2E+2 3.')).toEqual([
      [100, -0.0025],
      [150, 0.5],
      [200, 3],
    ]);
  });

  it('picks the first two numeric columns, past a text column', () => {
    const d = ok('Sample,Wavenumber,Absorbance,Error\nA,400,0.1,0.01\nA,401,0.2,0.01\nA,402,0.3,0.01\n');
    expect(Array.from(d.y)).toEqual([0.1, 0.2, 0.3]);
    expect([d.xLabel, d.yLabel]).toEqual(['Wavenumber', 'Absorbance']);
  });

  it('does not take one header line with two numbers for the data', () => {
    const d = ok('Date 2024 11\nScan rate 2 deg\n10 1\n11 2\n12 3\n');
    expect(Array.from(d.x)).toEqual([10, 11, 12]);
  });

  it('reverses descending x (FTIR) and sorts shuffled x', () => {
    expect(Array.from(ok('4000 1\n3000 2\n2000 3').x)).toEqual([2000, 3000, 4000]);
    expect(Array.from(ok('4000 1\n3000 2\n2000 3').y)).toEqual([3, 2, 1]);
    expect(pts('3 30\n1 10\n2 20\n')).toEqual([
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
  });

  it('counts broken lines among the numbers and skips them', () => {
    const d = ok('1 2\n3 4\n5 6\noops\n7 nan\n9 10\n');
    expect(d.x.length).toBe(4);
    expect(d.skipped).toBe(2);
  });

  it.each([
    ['', XY_ERRORS.empty],
    ['  \n\r\n', XY_ERRORS.empty],
    ['just words\nand more words\n', XY_ERRORS.noData],
    ['one column\n1\n2\n3\n', XY_ERRORS.noData],
    ['0x10 0x20\n0x11 0x21\n0x12 0x22', XY_ERRORS.noData],
    ['1 2\n', XY_ERRORS.tooFew],
    ['RAW\u0000\u0001\u0002 data', XY_ERRORS.binary],
  ])('refuses %j with a Chinese sentence', (text, error) => {
    expect(parseXy(text)).toEqual({ ok: false, error });
  });

  // Its speed is the bench's (the data plot's "parsed" phase under 4× CPU, npm run bench), not a unit test's clock.
  it('parses 100 000 rows', () => {
    const rows: string[] = ['2Theta,Intensity'];
    for (let i = 0; i < 100_000; i++) rows.push(`${(5 + i * 0.0008).toFixed(4)},${(1000 + 500 * Math.sin(i / 300)).toFixed(2)}`);
    const text = rows.join('\r\n');
    const d = ok(text);
    expect(d.x.length).toBe(100_000);
    expect(d.x[99_999]).toBeCloseTo(5 + 99_999 * 0.0008, 4);
  });
});

describe('isPlottableName', () => {
  it('offers text exports, not raw or office files', () => {
    expect(['a.xy', 'B.CSV', 'scan 1.txt', 'r.dat', 'x.asc'].map(isPlottableName)).toEqual([true, true, true, true, true]);
    expect(['a.raw', 'b.xlsx', 'report.pdf', 'csv'].map(isPlottableName)).toEqual([false, false, false, false]);
  });
});
