import { useParams } from 'react-router';
import { LoginRequired } from '@/features/auth/components/login-required.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

const AREAS: Record<string, string> = { plan: '实验方案', demand: '实验需求', contract: '实验合同' };

/** Experiment area: plan, demand, contract (spec §2, login required). A visitor sees the login state. */
export function Component() {
  const { page = 'plan' } = useParams();
  const area = AREAS[page] ?? '实验方案';
  useDocumentTitle(area);
  return <LoginRequired area={area} />;
}
