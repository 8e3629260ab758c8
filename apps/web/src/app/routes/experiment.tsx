import { Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useUserInfo } from '@/features/auth/api/get-user-info.ts';
import { LoginRequired } from '@/features/auth/components/login-required.tsx';
import { useSignedIn } from '@/lib/use-signed-in.ts';
import { ContractList } from '@/features/demand/components/contract-list.tsx';
import { DemandList } from '@/features/demand/components/demand-list.tsx';
import { ComingSoon } from '@/features/member/components/coming-soon.tsx';
import { OrderPage } from '@/features/order/components/order-page.tsx';
import { PlanView } from '@/features/plan/components/plan-view.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

const AttestationDialog = lazy(() =>
  import('@/features/member/components/attestation-dialog.tsx').then((m) => ({ default: m.AttestationDialog })),
);

const AddressDialog = lazy(() => import('@/features/member/components/address-dialog.tsx').then((m) => ({ default: m.AddressDialog })));

const AREAS: Record<string, string> = { plan: '实验方案', order: '填写订单', demand: '实验需求', contract: '实验合同' };

/** Experiment area (spec §2, behind the login gate): the plan, the order page, the demands with their quotes and the contracts. */
export function Component() {
  const { page = 'plan' } = useParams();
  const area = AREAS[page] ?? '实验方案';
  useDocumentTitle(area);
  const signedIn = useSignedIn();
  const user = useUserInfo();
  // Ordering needs a completed attestation: the plan and the order page open the popup on demand.
  const [attesting, setAttesting] = useState(false);
  // The order page's 新增地址 (a sample's return address): the member feature's dialog, composed here.
  const [addingAddress, setAddingAddress] = useState(false);
  if (!signedIn) return <LoginRequired area={area} />;

  const attest = () => setAttesting(true);
  let body;
  if (!user.data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (page === 'plan') body = <PlanView user={user.data} onAttest={attest} />;
  else if (page === 'order') body = <OrderPage user={user.data} onAttest={attest} onAddAddress={() => setAddingAddress(true)} />;
  else if (page === 'demand') body = <DemandList />;
  else if (page === 'contract') body = <ContractList />;
  else body = <ComingSoon title={area} backTo={paths.home()} backText="返回首页" />;
  return (
    <div className="container" style={{ paddingBlock: '28px 56px' }}>
      {body}
      {attesting && user.data && (
        <Suspense fallback={null}>
          <AttestationDialog user={user.data} open onClose={() => setAttesting(false)} />
        </Suspense>
      )}
      {addingAddress && user.data && (
        <Suspense fallback={null}>
          <AddressDialog open editing={undefined} phone={user.data.userInfo.phone} onClose={() => setAddingAddress(false)} />
        </Suspense>
      )}
    </div>
  );
}
