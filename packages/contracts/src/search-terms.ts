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
 * called by ("XRD测试", "热重分析价格"). When a keyword as typed finds
 * nothing, they are split off Chinese runs, and they are the first runs left
 * out. Longest first, so 多少钱 is tried before the shorter words.
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
const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const CJK = new RegExp(`[${CJK_CLASS}]`, 'u');
const CJK_RUN = new RegExp(`^[${CJK_CLASS}]+$`, 'u');
const ALNUM = /[\p{L}\p{N}]/u;
const classOf = (c: string): CharClass => (CJK.test(c) ? 'cjk' : ALNUM.test(c) ? 'alnum' : 'punct');

/**
 * A word split where Chinese meets Latin letters or digits ("bet比表面" →
 * bet, 比表面). Punctuation never splits: inside a run it stays ("icp-ms",
 * "星_"), where the script changes it is dropped ("bet-比表面" → bet, 比表面).
 */
function scriptRuns(word: string): string[] {
  const out: string[] = [];
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
      out.push(cur);
      cur = '';
    } else cur += pending;
    pending = '';
    cur += c;
    curClass = k;
  }
  cur += pending;
  if (cur) out.push(cur);
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

/** Runs unique by text, in order, each flagged generic or not. */
function runsOf(texts: string[]): KeywordRun[] {
  const runs: KeywordRun[] = [];
  for (const text of texts) if (!runs.some((x) => x.text === text)) runs.push({ text, generic: isGeneric(text) });
  return runs;
}

/**
 * The runs of a normalised keyword: its words, split where the script
 * changes; unique, in typed order. "BET比表面" → bet, 比表面; "xps分析" →
 * xps, 分析 (generic); "热重测试" stays one run.
 */
export function keywordRuns(normalized: string): KeywordRun[] {
  return runsOf(normalized.split(' ').filter(Boolean).flatMap(scriptRuns));
}

/**
 * Runs with generic words split off their Chinese runs while two characters
 * of stem remain ("热重测试" → 热重, 测试; "热分析" stays whole: 热 alone would
 * match half the catalogue). Search does this only when the runs as typed
 * find nothing, so "成分分析" keeps matching as one word.
 */
export function splitGenericWords(runs: readonly KeywordRun[]): KeywordRun[] {
  return runsOf(runs.flatMap((r) => (CJK_RUN.test(r.text) ? splitGeneric(r.text) : [r.text])));
}
