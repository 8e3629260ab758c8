import { useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { LoginRequired } from '@/features/auth/components/login-required.tsx';
import { useSignedIn } from '@/features/auth/hooks/use-signed-in.ts';
import { ComingSoon } from '@/features/member/components/coming-soon.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

const AREAS: Record<string, string> = { plan: '实验方案', demand: '实验需求', contract: '实验合同' };

/** Experiment area: plan, demand, contract (spec §2, behind the login gate); coming soon for now. */
export function Component() {
  const { page = 'plan' } = useParams();
  const area = AREAS[page] ?? '实验方案';
  useDocumentTitle(area);
  const signedIn = useSignedIn();
  if (!signedIn) return <LoginRequired area={area} />;
  return (
    <div className="container" style={{ paddingBlock: '28px 56px' }}>
      <ComingSoon title={area} backTo={paths.home()} backText="返回首页" />
    </div>
  );
}
