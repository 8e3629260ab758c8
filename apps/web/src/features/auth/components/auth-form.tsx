import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';
import { clearErrorsOnChange, validateWith } from '@/lib/form-validation.ts';
import { FormError } from './form-error.tsx';
import styles from './auth-dialog.module.css';

interface AuthFormProps<T> {
  form: FormInstance;
  /** The form's accessible name. */
  label: string;
  /** The contracts schema that checks the fields (its messages are the spec's wording). */
  schema: ZodType<T>;
  fields: readonly string[];
  /** Spec §5: register and reset show only the first error. */
  firstErrorOnly?: boolean;
  /** The request the form sends (a react-query mutation): its failure shows above the button. */
  action: { error: unknown; isPending: boolean; reset: () => void };
  onValid: (values: T) => void;
  submitText: string;
  initialValues?: object;
  children: ReactNode;
}

/**
 * The frame every account form shares (login, register, reset, WeChat
 * confirm): checks the fields with a contracts schema on submit, clears a
 * message when its field is edited, shows the server's msg in an alert
 * (spec §8) and has one submit button that spins while the request runs.
 */
export function AuthForm<T>({
  form,
  label,
  schema,
  fields,
  firstErrorOnly = false,
  action,
  onValid,
  submitText,
  initialValues,
  children,
}: AuthFormProps<T>) {
  const submit = () => {
    const values = validateWith(form, schema, form.getFieldsValue([...fields]), firstErrorOnly);
    if (values) onValid(values);
  };
  return (
    <Form
      form={form}
      className={styles.form}
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={clearErrorsOnChange(form, action)}
      aria-label={label}
    >
      {children}
      <FormError error={action.error} />
      <Button type="primary" size="large" htmlType="submit" block loading={action.isPending}>
        {submitText}
      </Button>
    </Form>
  );
}
