import type { FormInstance } from 'antd';
import type { ZodType } from 'zod';

/**
 * Validates a form's values with a contracts schema (whose messages are the
 * spec's wording) and puts the messages under the fields. `firstOnly` shows
 * just the first error (spec §5: register and reset); otherwise the first
 * error of each field. `alias` moves a schema field's message onto the form
 * field that edits it (e.g. province → region). Returns the parsed values, or
 * null when invalid.
 */
export function validateWith<T>(
  form: FormInstance,
  schema: ZodType<T>,
  values: object,
  firstOnly = false,
  alias: Record<string, string> = {},
): T | null {
  const result = schema.safeParse(values);
  const fieldNames = [...new Set(Object.keys(values).map((k) => alias[k] ?? k))];
  form.setFields(fieldNames.map((name) => ({ name, errors: [] })));
  if (result.success) return result.data;
  const seen = new Set<string>();
  const fields: { name: (string | number)[]; errors: string[] }[] = [];
  for (const issue of result.error.issues) {
    const name = issue.path
      .filter((p): p is string | number => typeof p !== 'symbol')
      .map((p) => (typeof p === 'string' ? (alias[p] ?? p) : p));
    const key = name.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    fields.push({ name, errors: [issue.message] });
    if (firstOnly) break;
  }
  form.setFields(fields);
  return null;
}

/** Clears a field's message as soon as it is edited (the next submit validates again). */
export const clearErrorsOnChange = (form: FormInstance, serverError?: { error: unknown; reset: () => void }) => (changed: object) => {
  form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
  // A server failure shown above the button (e.g. 账号或密码错误) goes once the user edits again.
  if (serverError?.error) serverError.reset();
};

/** An antd field rule that checks the value with a contracts schema and shows its message (one wording everywhere). */
export const ruleFrom = (schema: ZodType) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
});

/**
 * Whether the server refuses a field left empty (a contracts schema that
 * accepts neither nothing, '' nor []): then its label carries the required
 * mark, so the form and the server agree on what must be filled (issue 21).
 */
export const isRequiredField = (schema: ZodType): boolean =>
  !schema.safeParse(undefined).success && !schema.safeParse('').success && !schema.safeParse([]).success;

/**
 * The class of a custom field's label (one antd's Form.Item does not draw):
 * `required-mark` draws antd's asterisk before it when the schema requires the field.
 */
export const labelMark = (schema: ZodType): string | undefined => (isRequiredField(schema) ? 'required-mark' : undefined);
