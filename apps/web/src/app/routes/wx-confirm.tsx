import { useParams } from 'react-router';
import { WxConfirm } from '@/features/auth/components/wx-confirm.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** /wx/confirm/:ticket — where the local WeChat provider's QR code leads. */
export function Component() {
  useDocumentTitle('确认登录');
  const { ticket = '' } = useParams();
  return <WxConfirm key={ticket} ticket={ticket} />;
}
