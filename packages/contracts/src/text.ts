// One helper for every text field a person types (ADR 0024).
import { z } from 'zod';

// C0 controls, DEL, C1 controls, and the invisible direction marks and
// overrides that can make text read differently from what it is
// (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069).
const INVISIBLE = '\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';
const ONE_LINE = new RegExp(`[${INVISIBLE}]`, 'g');
const MULTI_LINE = new RegExp(`[${INVISIBLE.replace('\\u0000-\\u001F', '\\u0000-\\u0009\\u000B-\\u001F')}]`, 'g');

/** The text without control and bidi characters; multi-line text keeps its line breaks (as \n). */
export function cleanText(value: string, multiline = false): string {
  if (!multiline) return value.replace(ONE_LINE, '');
  return value.replace(/\r\n?/g, '\n').replace(MULTI_LINE, '');
}

export interface TextOptions {
  /** Longest value, in characters, after cleaning and trimming. */
  max: number;
  /** Empty (or only spaces) is refused with 不能为空; default true. */
  required?: boolean;
  /** Keeps line breaks (textareas); default false. */
  multiline?: boolean;
  /** The field's name in the form's own bracket style: '[]' (default) or '「」'. */
  brackets?: '[]' | '「」';
}

/** "[邮箱]" or "「邮箱」": how a message names its field. */
export const fieldName = (label: string, brackets: TextOptions['brackets'] = '[]') => (brackets === '[]' ? `[${label}]` : `「${label}」`);

/**
 * A text field: control and bidi characters stripped, spaces trimmed, then
 * checked for emptiness and length in that order, each with its own message
 * (a check added later without a message says 格式不正确, never 不能为空).
 * Chain .regex/.email/.refine on the result for the format.
 */
export function text(label: string, opts: TextOptions) {
  const name = fieldName(label, opts.brackets);
  const schema = z
    .string({
      error: (iss) => {
        if (iss.code !== 'invalid_type') return `${name}格式不正确`;
        return iss.input === undefined || iss.input === null ? `${name}不能为空` : `${name}必须是文字`;
      },
    })
    .overwrite((v) => cleanText(v, opts.multiline))
    .trim();
  const filled = opts.required === false ? schema : schema.min(1, `${name}不能为空`);
  return filled.max(opts.max, `${name}不能超过${opts.max}个字`);
}

/** A text field that may be left out or empty; it is then ''. */
export const optionalText = (label: string, opts: Omit<TextOptions, 'required'>) =>
  text(label, { ...opts, required: false })
    .optional()
    .default('');
