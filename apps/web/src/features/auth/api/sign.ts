import { useWrite } from '@yance/browser/use-write';
import { call } from '@yance/browser/api-client';

export interface SignInput {
  phone: string;
  code: string;
  password: string;
  inviterCode?: string;
  /** The register form's consent checkbox (PIPL); the server refuses a sign-up without it. */
  agree: true;
}

/** Register; the answer signs the new user in. Quiet: the popup shows failures as an alert. */
export const sign = (body: SignInput, idempotencyKey?: string) => call('sign', { body: { ...body, idempotencyKey } }, { feedback: false });

export const useSign = () => useWrite({ mutationFn: sign });
