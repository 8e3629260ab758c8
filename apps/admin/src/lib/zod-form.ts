import type { FormInstance, FormItemProps } from 'antd';
import type { z } from 'zod';

type Shape = z.ZodObject['shape'];

/** An untouched antd field holds undefined; the contracts read an empty field as '' (text) and say 不能为空 themselves. */
const valueOf = (value: unknown) => value ?? '';

/** Whether a field's schema refuses it left empty (then antd shows its asterisk). */
const isRequired = (schema: z.ZodType) => !schema.safeParse('').success && !schema.safeParse([]).success;

/**
 * The antd Form.Item props of one field of a contracts schema: a rule that
 * checks the value with the field's own schema and shows its message (the
 * same wording the server answers with, e.g. "[账号]为3–32位字母…"), and the
 * required mark when the schema refuses an empty value.
 *   <Form.Item label="账号" {...fieldOf(staffAddBody, 'account')}>
 */
export function fieldOf<S extends Shape, K extends keyof S & string>(
  schema: z.ZodObject<S>,
  name: K,
): Pick<FormItemProps, 'name' | 'rules' | 'required'> {
  const field = schema.shape[name] as z.ZodType;
  return {
    name,
    required: isRequired(field),
    rules: [
      {
        validator: async (_rule: unknown, value: unknown) => {
          const result = field.safeParse(valueOf(value));
          if (!result.success) throw new Error(result.error.issues[0]?.message);
        },
      },
    ],
  };
}

/**
 * Parses the form's values with the whole schema (trimmed, cleaned: what the
 * server will accept), or puts each issue's message under its field and
 * returns null. Call it after antd's validateFields.
 */
export function parseForm<T>(form: FormInstance, schema: z.ZodType<T>, values: Record<string, unknown>): T | null {
  const filled = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, valueOf(v)]));
  const result = schema.safeParse(filled);
  if (result.success) return result.data;
  const fields = new Map<string, string>();
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !fields.has(name)) fields.set(name, issue.message);
  }
  form.setFields([...fields].map(([name, message]) => ({ name, errors: [message] })));
  return null;
}
