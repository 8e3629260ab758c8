// Regenerates src/modules/account/common-passwords.txt: the passwords
// of 8+ characters most often found in leaked Chinese and international lists
// (hand-picked seeds) plus the mechanical patterns they come from (runs,
// repeats, keyboard walks, dates, "woaini"/"qq"/"a" + digits).
// Run: npx tsx apps/server/scripts/common-passwords.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const seeds = `
12345678 123456789 1234567890 11111111 88888888 00000000 66666666 12341234 87654321 11223344 123123123 12344321
password password1 password123 passw0rd p@ssw0rd p@ssword iloveyou iloveyou1 qwertyui qwertyuiop 1qaz2wsx 1q2w3e4r
1q2w3e4r5t qazwsxedc zaq12wsx asdfghjkl asdfasdf zxcvbnm1 abcd1234 abc12345 abc123456 a1234567 a12345678 a123456789
aa123456 qq123456 qq1234567 qq12345678 woaini1314 woaini520 woaini123 woaini521 5201314a 52013145 5201314520 13145200
wang1234 zhang123 li123456 liu12345 chen1234 yang1234 huang123 zhao1234 wu123456 zhou1234 xiaoming woaiwojia wodemima
mima1234 mima123456 admin123 admin888 administrator root1234 test1234 sunshine princess football baseball dragon12
monkey12 letmein1 welcome1 trustno1 superman batman12 starwars master12 shadow12 michael1 jennifer jordan23 computer
internet whatever freedom1 charlie1 qwerty123 qwerty12 1qazxsw2 zxcvbnm123 asd123456 qwe123456 qweasdzxc qweasd123
aaaaaaaa abcdefgh abcdefg1 abcd12345 a1b2c3d4 1a2b3c4d q1w2e3r4 q1w2e3r4t5 z123456789 yang123456 wang123456 zhang123456
li1234567 nihao123 nihao1234 beijing1 shanghai chinese1 zhongguo china123 huawei123 xiaomi123 baidu123 taobao123
woshishui aini1314 1314520a 1314521a 7758521a 7758258a 77585210 147258369 159357456 147852369 741852963 963852741
123qweasd 123456qq 123456aa 123456abc 123456789a 12345678a 12345678q 1234567a 1234567q 1234qwer qwer1234 asdf1234
zxcv1234 1234abcd 12qwaszx 1qaz@wsx 1qaz!qaz !qaz2wsx p@ssw0rd1 admin@123 Admin123 Aa123456 Aa123456789 Abc12345
iloveyou520 loveyou1 lovelove 520520520 25257758 woailaopo woailaogong laopo520 laogong520 baobei520 baobei1314
`;

const set = new Set(
  seeds
    .split(/\s+/)
    .filter((p) => p.length >= 8)
    .map((p) => p.toLowerCase()),
);
const add = (p: string) => p.length >= 8 && p.length <= 20 && set.add(p.toLowerCase());

// Digit runs and repeats.
for (let n = 8; n <= 12; n++) {
  add('1234567890'.repeat(2).slice(0, n));
  add('9876543210'.repeat(2).slice(0, n));
  for (let d = 0; d <= 9; d++) add(String(d).repeat(n));
}
for (const w of ['123', '1234', '12345', '123456', '520', '1314', '5201314', '666', '888', '789', 'abc', 'qwe', 'asd'])
  add(w.repeat(Math.ceil(8 / w.length)));
// Keyboard walks.
for (const row of ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1qaz2wsx3edc', 'qazwsxedcrfv', '!@#$%^&*()'])
  for (let n = 8; n <= row.length; n++) add(row.slice(0, n));
// Words and names with digit suffixes, the commonest Chinese pattern.
const words = [
  'woaini',
  'iloveyou',
  'qq',
  'a',
  'aa',
  'abc',
  'admin',
  'pass',
  'password',
  'wang',
  'zhang',
  'li',
  'liu',
  'chen',
  'yang',
  'zhao',
  'huang',
  'zhou',
  'wu',
  'xu',
  'sun',
  'ma',
  'zhu',
  'hu',
  'guo',
  'he',
  'lin',
  'luo',
  'gao',
  'love',
  'baby',
  'baobei',
  'laopo',
  'laogong',
  'nihao',
  'mima',
  'china',
  'qwe',
  'asd',
  'zxc',
  'test',
  'user',
  'root',
  'hello',
  'yance',
];
const tails = [
  '123',
  '1234',
  '12345',
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '520',
  '521',
  '1314',
  '5201314',
  '666',
  '888',
  '8888',
  '666666',
  '888888',
  '000',
  '111',
  '2008',
  '2010',
  '2012',
  '2020',
  '2021',
  '2022',
  '2023',
  '2024',
  '2025',
  '2026',
  '@123',
  '!@#',
];
for (const w of words) for (const t of tails) add(w + t);
// Birthdays: yyyymmdd for the 1st and 8th of each month 1980–2005 are among the most common numeric passwords.
for (let y = 1980; y <= 2005; y++)
  for (let m = 1; m <= 12; m++) for (const d of [1, 8]) add(`${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`);

const list = [...set].sort();
const out = path.join(import.meta.dirname, '../src/modules/account/common-passwords.txt');
writeFileSync(out, `${list.join('\n')}\n`);
console.log(`${list.length} passwords → ${out}`);
