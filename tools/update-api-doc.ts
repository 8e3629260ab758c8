// `npm run docs:api`: rewrites the generated call tables of docs/api.md from
// the contracts' endpoints; `--check` only reports what is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { endpoints } from '@yance/contracts/endpoints';
import { checkDoc, updateDoc } from './api-doc.ts';

const DOC = path.resolve(import.meta.dirname, '../docs/api.md');

const doc = readFileSync(DOC, 'utf8');
if (!process.argv.includes('--check')) {
  const next = await updateDoc(doc, DOC, endpoints);
  if (next !== doc) writeFileSync(DOC, next);
  console.log(next === doc ? 'docs/api.md is current' : 'docs/api.md: call tables rewritten');
}
const problems = await checkDoc(readFileSync(DOC, 'utf8'), DOC, endpoints);
for (const problem of problems) console.error(`docs/api.md: ${problem}`);
process.exitCode = problems.length ? 1 : 0;
