// How a typed keyword becomes the runs a search matches (ADR 0027). Pure, so the
// server searches with it and the web highlights with the same runs.

/**
 * NFKC folds full-width letters (ＸＲＤ) to ASCII and most Unicode spaces to
 * ' '; then lower case, control characters dropped, whitespace runs → one ' '.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Cc}/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * Words customers add to a technique without naming anything an item is
 * called by ("XRD测试", "热重分析价格"). Split off a Chinese run, they must
 * still match, but they are the first to be left out when nothing matches
 * every run. Longest first, so 多少钱 is tried before 钱-less words.
 */
export const GENERIC_WORDS = ['多少钱', '测试', '检测', '分析', '表征', '测定', '测量', '服务', '价格', '报价', '费用'] as const;

/** A part of a keyword that an item's name, aliases or category must contain. */
export interface KeywordRun {
  text: string;
  /** One of GENERIC_WORDS: left out first when no item matches every run. */
  generic: boolean;
}
/** Whether a run is one of GENERIC_WORDS. */
export const isGeneric = (run: string) => (GENERIC_WORDS as readonly string[]).includes(run);

type CharClass = 'cjk' | 'alnum' | 'punct';
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const ALNUM = /[\p{L}\p{N}]/u;
const classOf = (c: string): CharClass => (CJK.test(c) ? 'cjk' : ALNUM.test(c) ? 'alnum' : 'punct');

/**
 * A word split where Chinese meets Latin letters or digits ("bet比表面" →
 * bet, 比表面). Punctuation never splits: inside a run it stays ("icp-ms",
 * "星_"), where the script changes it is dropped ("bet-比表面" → bet, 比表面).
 */
function scriptRuns(word: string): { text: string; cjk: boolean }[] {
  const out: { text: string; cjk: boolean }[] = [];
  let cur = '';
  let curClass: CharClass | undefined;
  let pending = '';
  for (const c of word) {
    const k = classOf(c);
    if (k === 'punct') {
      pending += c;
      continue;
    }
    if (curClass && k !== curClass) {
      out.push({ text: cur, cjk: curClass === 'cjk' });
      cur = '';
    } else cur += pending;
    pending = '';
    cur += c;
    curClass = k;
  }
  cur += pending;
  if (cur) out.push({ text: cur, cjk: curClass === 'cjk' });
  return out;
}

const length = (s: string) => Array.from(s).length;

/** A Chinese run with generic words split off its ends, as long as two characters of stem remain. */
function splitGeneric(run: string): string[] {
  for (const g of GENERIC_WORDS) {
    if (length(run) - length(g) < 2) continue;
    if (run.endsWith(g)) return [...splitGeneric(run.slice(0, -g.length)), g];
    if (run.startsWith(g)) return [g, ...splitGeneric(run.slice(g.length))];
  }
  return [run];
}

/**
 * The runs of a normalised keyword: its words, split where the script
 * changes, generic words split off Chinese runs; unique, in typed order.
 * "BET比表面" → bet, 比表面; "xps分析" → xps, 分析; "热重测试" → 热重, 测试.
 */
export function keywordRuns(normalized: string): KeywordRun[] {
  const runs: KeywordRun[] = [];
  for (const word of normalized.split(' ').filter(Boolean)) {
    for (const r of scriptRuns(word)) {
      for (const text of r.cjk ? splitGeneric(r.text) : [r.text]) {
        if (!runs.some((x) => x.text === text)) runs.push({ text, generic: isGeneric(text) });
      }
    }
  }
  return runs;
}
