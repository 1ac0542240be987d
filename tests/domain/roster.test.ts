import { describe, expect, it } from 'vitest';
import { array, object } from 'yup';
import { parseInput } from '../../src/domain/api/parse-input';
import { parseRoster, ROSTER_COLUMNS, ROSTER_MAX_ROWS, rosterRowSchema } from '../../src/domain/roster';
import {
  decodeRosterFile,
  ROSTER_TEMPLATE_CSV,
  ROSTER_TEMPLATE_FILENAME,
} from '../../src/domain/roster-file';

// docs/domain.md §1.2: 姓名、身分證字號、出生日期(民國)、性別、職業類別、月投保薪資
const HEADER = '姓名,身分證字號,出生日期,性別,職業類別,月投保薪資';
const GOOD = '王小明,A123456789,0790512,男,1,36300';
/** GOOD as parseRoster answers it: the JSON row the server receives. */
const GOOD_ROW = {
  name: '王小明',
  personId: 'A123456789',
  birthDate: '1990-05-12',
  gender: 'M',
  occupationClass: '1',
  monthlySalary: 36300,
};
const CONTEXT = { today: '2026-03-01', ages: [15, 75] as const, needsSalary: true };

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** docs/domain.md §4.4: the digit that makes letter code + 8 digits + it a multiple of 10. */
function withCheckDigit(first9: string): string {
  const code = 'ABCDEFGHJKLMNPQRSTUVXYWZIO'.indexOf(first9[0]!) + 10;
  const digits = [Math.floor(code / 10), code % 10, ...first9.slice(1).split('').map(Number)];
  const sum = digits.reduce((total, d, i) => total + d * [1, 9, 8, 7, 6, 5, 4, 3, 2, 1][i]!, 0);
  return `${first9}${(10 - (sum % 10)) % 10}`;
}

describe('ROSTER constants', () => {
  it('caps the roster at the online group size and names the columns in order', () => {
    expect(ROSTER_MAX_ROWS).toBe(49);
    expect(ROSTER_COLUMNS).toEqual(['姓名', '身分證字號', '出生日期', '性別', '職業類別', '月投保薪資']);
  });

  it('the check-digit helper agrees with docs/domain.md §4.4 examples', () => {
    expect(withCheckDigit('A12345678')).toBe('A123456789');
    expect(withCheckDigit('A80000001')).toBe('A800000014');
  });
});

describe('parseRoster: a good file', () => {
  it('reads 3 rows in their many written forms as normalised rows', () => {
    const text = csv(
      HEADER,
      GOOD,
      '陳美玲,ｂ２２３４５６７８２,民國85年3月8日,女,第２類,"30,300"',
      ' 林大同 ,A800000014,1985-11-30,m,３,４５８００',
    );
    expect(parseRoster(text, CONTEXT)).toEqual({
      errors: [],
      rows: [
        GOOD_ROW,
        {
          name: '陳美玲',
          personId: 'B223456782',
          birthDate: '1996-03-08',
          gender: 'F',
          occupationClass: '2',
          monthlySalary: 30300,
        },
        {
          name: '林大同',
          personId: 'A800000014',
          birthDate: '1985-11-30',
          gender: 'M',
          occupationClass: '3',
          monthlySalary: 45800,
        },
      ],
    });
  });

  it.each([
    ['0790512', '1990-05-12'],
    ['790512', '1990-05-12'],
    ['79/05/12', '1990-05-12'],
    ['民國79年5月12日', '1990-05-12'],
    ['1990-05-12', '1990-05-12'],
    ['1990/5/12', '1990-05-12'],
  ])('birth date %s is %s', (typed, iso) => {
    const { rows, errors } = parseRoster(csv(HEADER, `王小明,A123456789,${typed},F,1,36300`), CONTEXT);
    expect(errors).toEqual([]);
    expect(rows[0]?.birthDate).toBe(iso);
  });

  it.each(['M', 'm', '男', 'Ｍ', '男性'])('gender %s is M', (typed) => {
    const { rows } = parseRoster(csv(HEADER, `王小明,A123456789,0790512,${typed},1,36300`), CONTEXT);
    expect(rows[0]?.gender).toBe('M');
  });

  it.each(['F', 'f', '女'])('gender %s is F', (typed) => {
    const { rows } = parseRoster(csv(HEADER, `王小明,A123456789,0790512,${typed},1,36300`), CONTEXT);
    expect(rows[0]?.gender).toBe('F');
  });

  it.each([
    ['6', '6'],
    ['６', '6'],
    ['第1類', '1'],
    ['第 4 類', '4'],
    ['5類', '5'],
  ])('occupation class %s is %s', (typed, value) => {
    const { rows } = parseRoster(csv(HEADER, `王小明,A123456789,0790512,M,${typed},36300`), CONTEXT);
    expect(rows[0]?.occupationClass).toBe(value);
  });

  it('skips blank rows but keeps Excel row numbers', () => {
    const text = csv(HEADER, GOOD, '', ',,,,,', '　,  ,,,,', '陳美玲,B223456782,0850308,X,2,30300', '');
    const { rows, errors } = parseRoster(text, CONTEXT);
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([{ row: 6, column: '性別', message: '第6列「性別」：請選擇性別' }]);
  });

  it('salary may be blank or its column absent when no salary-multiple item needs it', () => {
    const context = { ...CONTEXT, needsSalary: false };
    const blank = parseRoster(csv(HEADER, '王小明,A123456789,0790512,男,1,'), context);
    expect(blank.errors).toEqual([]);
    expect(blank.rows[0]?.monthlySalary).toBeUndefined();
    const absent = parseRoster(
      csv('姓名,身分證字號,出生日期,性別,職業類別', '王小明,A123456789,0790512,男,1'),
      context,
    );
    expect(absent.errors).toEqual([]);
    expect(absent.rows).toHaveLength(1);
  });
});

describe('parseRoster: one wrong cell is one error on its Excel row and column', () => {
  it.each([
    ['bad ID checksum', '陳美玲,A123456788,0850308,女,2,30300', '身分證字號', '請輸入正確的身分證字號'],
    ['ID of the wrong shape', '陳美玲,A12345678,0850308,女,2,30300', '身分證字號', '請輸入正確的身分證字號'],
    ['name blank', ',B223456782,0850308,女,2,30300', '姓名', '姓名不可為空白'],
    ['name too long', `${'名'.repeat(21)},B223456782,0850308,女,2,30300`, '姓名', '姓名長度限制為40'],
    ['birth date before 1931', '陳美玲,B223456782,0191231,女,2,30300', '出生日期', '出生日期格式錯誤'],
    ['birth date 1930 Gregorian', '陳美玲,B223456782,1930-12-31,女,2,30300', '出生日期', '出生日期格式錯誤'],
    ['impossible date', '陳美玲,B223456782,0790230,女,2,30300', '出生日期', '出生日期格式錯誤'],
    ['unreadable date', '陳美玲,B223456782,五月,女,2,30300', '出生日期', '出生日期格式錯誤'],
    ['birth date blank', '陳美玲,B223456782,,女,2,30300', '出生日期', '出生日期不可為空白'],
    ['too young', '陳美玲,B223456782,2015-01-01,女,2,30300', '出生日期', '被保險人年齡須介於15至75歲'],
    ['too old', '陳美玲,B223456782,1940-01-01,女,2,30300', '出生日期', '被保險人年齡須介於15至75歲'],
    ['gender X', '陳美玲,B223456782,0850308,X,2,30300', '性別', '請選擇性別'],
    ['gender blank', '陳美玲,B223456782,0850308,,2,30300', '性別', '請選擇性別'],
    ['class 7', '陳美玲,B223456782,0850308,女,7,30300', '職業類別', '請選擇職業類別'],
    ['class 0', '陳美玲,B223456782,0850308,女,第0類,30300', '職業類別', '請選擇職業類別'],
    ['salary missing', '陳美玲,B223456782,0850308,女,2,', '月投保薪資', '月投保薪資不可為空白'],
    ['salary not a number', '陳美玲,B223456782,0850308,女,2,三萬', '月投保薪資', '月投保薪資必須為數字'],
    [
      'salary with a fraction',
      '陳美玲,B223456782,0850308,女,2,30300.5',
      '月投保薪資',
      '月投保薪資必須為整數',
    ],
  ])('%s', (_, line, column, message) => {
    const { rows, errors } = parseRoster(csv(HEADER, GOOD, line), CONTEXT);
    expect(errors).toEqual([{ row: 3, column, message: `第3列「${column}」：${message}` }]);
    expect(rows.map((r) => r.name)).toEqual(['王小明']);
  });

  it.each(['0', '-30300'])('salary %s is not a salary', (salary) => {
    const { errors } = parseRoster(csv(HEADER, `王小明,A123456789,0790512,男,1,${salary}`), CONTEXT);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ row: 2, column: '月投保薪資' });
  });

  it('counts ages on the start date when given, else on today (inclusive bounds)', () => {
    const context = { today: '2026-03-01', ages: [15, 65] as const, needsSalary: false };
    const header = '姓名,身分證字號,出生日期,性別,職業類別';
    // 65 on 2026-03-01, 66 on 2026-04-01
    const turning66 = csv(header, '王小明,A123456789,1960-03-15,男,1');
    // 14 on 2026-03-01, 15 on 2026-04-01
    const turning15 = csv(header, '王小明,A123456789,2011-03-20,男,1');
    const onStart = { ...context, startDate: '2026-04-01' };
    const outOfRange = [
      { row: 2, column: '出生日期', message: '第2列「出生日期」：被保險人年齡須介於15至65歲' },
    ];
    expect(parseRoster(turning66, context).errors).toEqual([]);
    expect(parseRoster(turning66, onStart).errors).toEqual(outOfRange);
    expect(parseRoster(turning15, context).errors).toEqual(outOfRange);
    expect(parseRoster(turning15, onStart).errors).toEqual([]);
  });

  it('lists several errors of a row in column order, rows in order', () => {
    const text = csv(
      HEADER,
      ',A123456788,0790230,X,7,abc',
      GOOD.replace('A123456789', 'B223456782'),
      'x,,,,,',
    );
    const { rows, errors } = parseRoster(text, CONTEXT);
    expect(rows).toHaveLength(1);
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [2, '姓名'],
      [2, '身分證字號'],
      [2, '出生日期'],
      [2, '性別'],
      [2, '職業類別'],
      [2, '月投保薪資'],
      [4, '身分證字號'],
      [4, '出生日期'],
      [4, '性別'],
      [4, '職業類別'],
      [4, '月投保薪資'],
    ]);
  });

  it('puts a duplicate ID after the errors of the columns before it', () => {
    const { errors } = parseRoster(csv(HEADER, GOOD, ',A123456789,0790512,男,1,36300'), CONTEXT);
    expect(errors.map((e) => e.message)).toEqual([
      '第3列「姓名」：姓名不可為空白',
      '第3列「身分證字號」：與第2列重複',
    ]);
  });

  it.each([
    ['第1類', '1'],
    ['第 2 類', '2'],
    ['3類', '3'],
    ['０４', '4'],
    ['１', '1'],
  ])('reads the occupation class %s as %s', (written, occupationClass) => {
    const { rows, errors } = parseRoster(
      csv(HEADER, `王小明,A123456789,0790512,男,${written},36300`),
      CONTEXT,
    );
    expect(errors).toEqual([]);
    expect(rows[0]?.occupationClass).toBe(occupationClass);
  });

  it.each(['甲1類', '1類別', '12'])('refuses the occupation class %s', (written) => {
    const { errors } = parseRoster(csv(HEADER, `王小明,A123456789,0790512,男,${written},36300`), CONTEXT);
    expect(errors.map((e) => e.message)).toEqual(['第2列「職業類別」：請選擇職業類別']);
  });

  it('refuses a duplicate ID on the later row, naming the earlier one', () => {
    const text = csv(
      HEADER,
      GOOD,
      '陳美玲,B223456782,0850308,女,2,30300',
      '王大明,a123456789,0800101,男,1,36300',
    );
    const { rows, errors } = parseRoster(text, CONTEXT);
    expect(rows.map((r) => r.personId)).toEqual(['A123456789', 'B223456782']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ row: 4, column: '身分證字號' });
    expect(errors[0]?.message).toMatch(/^第4列「身分證字號」：.*第2列/);
  });
});

describe('parseRoster: the header', () => {
  it.each([
    ['short names', '姓名,身分證/居留證號,生日,性別,職業類別,月薪'],
    ['身分證字號或居留證號', '姓名,身分證字號或居留證號,出生日期,性別,職業類別,月投保薪資'],
    ['統一證號 and 身份', '姓名,統一證號,出生日期(民國),性別,職業類別,投保薪資'],
    ['身份證字號 with notes', '*姓名,身份證字號,出生日期（民國）,性別,職業類別,月投保薪資（元）'],
    ['full-width and padded', '　姓名　, 身分證字號 ,出生日期,性　別,職業類別,月投保薪資'],
    ['an insurer’s template', '被保險人姓名,身分證號,出生年月日,性別,職業等級,月薪資'],
    ['a payroll export', '員工姓名,身分證號碼,出生日,性別,職類,薪資'],
    ['a foreign worker’s list', '名字,居留證號碼,生日,性別,職業類,月薪'],
  ])('%s', (_, header) => {
    const { rows, errors } = parseRoster(csv(header, GOOD), CONTEXT);
    expect(errors).toEqual([]);
    expect(rows).toEqual([GOOD_ROW]);
  });

  it('names a column written twice', () => {
    const { rows, errors } = parseRoster(csv(`${HEADER},姓名`, `${GOOD},王小明`), CONTEXT);
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ row: 1, column: '姓名', message: '名冊的「姓名」欄位重複' }]);
  });

  it('takes off marks and notes only at the ends of a header cell', () => {
    const header = (name: string) => `${name},身分證字號,出生日期,性別,職業類別,月投保薪資`;
    expect(parseRoster(csv(header('**姓名**'), GOOD), CONTEXT).errors).toEqual([]);
    for (const name of ['姓*名', '姓名(中文)x', '姓(中文)名']) {
      expect(parseRoster(csv(header(name), GOOD), CONTEXT).errors).toEqual([
        { row: 1, column: '姓名', message: '名冊缺少「姓名」欄位' },
      ]);
    }
  });

  it('reads columns in any order and ignores unknown ones', () => {
    const text = csv(
      '編號,月薪,性別,出生日期,姓名,備註,職業類別,身分證字號',
      '1,36300,男,0790512,王小明,,1,A123456789',
    );
    expect(parseRoster(text, CONTEXT)).toEqual({
      errors: [],
      rows: [GOOD_ROW],
    });
  });

  it('strips a UTF-8 BOM', () => {
    const { rows, errors } = parseRoster(`\uFEFF${csv(HEADER, GOOD)}`, CONTEXT);
    expect(errors).toEqual([]);
    expect(rows[0]?.name).toBe('王小明');
  });

  it('a missing column is one error naming it', () => {
    const { rows, errors } = parseRoster(
      csv('姓名,身分證字號,性別,職業類別,月投保薪資', '王小明,A123456789,男,1,36300'),
      CONTEXT,
    );
    expect(rows).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ row: 1, column: '出生日期' });
    expect(errors[0]?.message).toContain('出生日期');
  });

  it('the salary column is required when a salary-multiple item needs it', () => {
    const { errors } = parseRoster(
      csv('姓名,身分證字號,出生日期,性別,職業類別', '王小明,A123456789,0790512,男,1'),
      CONTEXT,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ row: 1, column: '月投保薪資' });
  });
});

describe('parseRoster: the file', () => {
  it.each([
    ['empty', ''],
    ['blank lines only', '\r\n\r\n'],
    ['header only', csv(HEADER)],
    ['header and blank rows', csv(HEADER, ',,,,,', '')],
  ])('%s: 名冊沒有資料', (_, text) => {
    expect(parseRoster(text, CONTEXT)).toEqual({
      rows: [],
      errors: [{ row: 0, column: '', message: '名冊沒有資料' }],
    });
  });

  const people = (count: number) =>
    Array.from(
      { length: count },
      (_, i) => `員工${i},${withCheckDigit(`A1${String(i).padStart(7, '0')}`)},0790512,男,1,36300`,
    );

  it('takes 49 rows', () => {
    const { rows, errors } = parseRoster(csv(HEADER, ...people(49)), CONTEXT);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(49);
  });

  it('refuses 50 rows with one file-level error', () => {
    const { rows, errors } = parseRoster(csv(HEADER, ...people(50)), CONTEXT);
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ row: 0, column: '', message: '被保險人名冊最多49項' }]);
  });

  it('refuses a quote left open, naming its row', () => {
    const { rows, errors } = parseRoster(csv(HEADER, GOOD, '陳美玲,"B223456782,0850308,女,2,30300'), CONTEXT);
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ row: 3, column: '', message: '第3列的引號不成對' }]);
  });
});

describe('rosterRowSchema: the JSON the server receives', () => {
  it('accepts the normalised form as it is', () => {
    expect(rosterRowSchema.validateSync(GOOD_ROW, { context: CONTEXT })).toEqual(GOOD_ROW);
  });

  it('passes the server parse, which keeps declared keys only', async () => {
    const schema = object({ roster: array().of(rosterRowSchema) });
    await expect(parseInput(schema, { roster: [{ ...GOOD_ROW, note: 'x' }] })).resolves.toEqual({
      roster: [GOOD_ROW],
    });
  });

  it('requires the salary only when $needsSalary', () => {
    const { monthlySalary: _, ...withoutSalary } = GOOD_ROW;
    expect(() => rosterRowSchema.validateSync(withoutSalary, { context: CONTEXT })).toThrow(
      '月投保薪資不可為空白',
    );
    expect(
      rosterRowSchema.validateSync(withoutSalary, { context: { ...CONTEXT, needsSalary: false } }),
    ).toEqual(withoutSalary);
  });
});

// Big5 (cp950) codes of the characters used below, read off the Big5 table.
const BIG5 = new Map(
  (
    '姓A96D 名A657 身A8AD 分A4C0 證C3D2 字A672 號B8B9 出A558 生A5CD 日A4E9 期B4C1 性A9CA 別A74F ' +
    '職C2BE 業B77E 類C3FE 月A4EB 投A7EB 保AB4F 薪C17E 資B8EA 王A4FD 小A470 明A9FA 男A86B'
  )
    .split(' ')
    .map((entry) => [entry[0]!, Number.parseInt(entry.slice(1), 16)] as const),
);

function big5(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else {
      const big5Code = BIG5.get(ch);
      if (big5Code === undefined) throw new Error(`no Big5 code for ${ch} in the test table`);
      bytes.push(big5Code >> 8, big5Code & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

describe('decodeRosterFile', () => {
  const text = csv(HEADER, GOOD);

  it('the test Big5 table is right', () => {
    const chars = [...BIG5.keys()].join('');
    expect(new TextDecoder('big5').decode(big5(chars))).toBe(chars);
  });

  it('reads a Big5 file, as Excel saves CSV on Traditional Chinese Windows', () => {
    const bytes = big5(text);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeRosterFile(bytes)).toBe(text);
    expect(decodeRosterFile(bytes.buffer as ArrayBuffer)).toBe(text);
    expect(parseRoster(decodeRosterFile(bytes), CONTEXT).rows).toHaveLength(1);
  });

  it('reads UTF-8 with and without a BOM', () => {
    const plain = new TextEncoder().encode(text);
    const withBom = new TextEncoder().encode(`\uFEFF${text}`);
    expect(decodeRosterFile(plain)).toBe(text);
    expect(decodeRosterFile(withBom).replace(/^\uFEFF/, '')).toBe(text);
    expect(parseRoster(decodeRosterFile(withBom), CONTEXT).errors).toEqual([]);
  });

  it('reads UTF-16LE with its BOM (Excel "Unicode text", tab-separated)', () => {
    const tabbed = text.replace(/,/g, '\t');
    const units = Uint16Array.from(`\uFEFF${tabbed}`, (ch) => ch.charCodeAt(0));
    const bytes = new Uint8Array(units.length * 2);
    units.forEach((unit, i) => {
      bytes[i * 2] = unit & 0xff;
      bytes[i * 2 + 1] = unit >> 8;
    });
    const decoded = decodeRosterFile(bytes);
    expect(decoded.replace(/^\uFEFF/, '')).toBe(tabbed);
    expect(parseRoster(decoded, CONTEXT)).toMatchObject({ errors: [], rows: [{ personId: 'A123456789' }] });
  });
});

describe('the template', () => {
  it('is a BOM-prefixed CRLF CSV named for download', () => {
    expect(ROSTER_TEMPLATE_FILENAME).toBe('被保險人名冊範本.csv');
    expect(ROSTER_TEMPLATE_CSV.startsWith('\uFEFF')).toBe(true);
    const lines = ROSTER_TEMPLATE_CSV.slice(1).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.filter((line) => line !== '')).toHaveLength(3);
    expect(ROSTER_TEMPLATE_CSV.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('parses with no errors when the cart takes its ages', () => {
    const { rows, errors } = parseRoster(ROSTER_TEMPLATE_CSV, CONTEXT);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(GOOD_ROW);
  });

  it('parses from its UTF-8 bytes as a download gives them back', () => {
    const bytes = new TextEncoder().encode(ROSTER_TEMPLATE_CSV);
    expect(parseRoster(decodeRosterFile(bytes), CONTEXT).rows).toHaveLength(2);
  });
});
