import { LoginRequired } from '@/features/auth/components/login-required.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** Member area (spec §2, login required). Accounts arrive later; a visitor sees the login state. */
export function Component() {
  useDocumentTitle('会员中心');
  return <LoginRequired area="会员中心" />;
}
