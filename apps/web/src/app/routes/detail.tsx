import { useParams } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { NotFoundState } from '@/components/not-found-state.tsx';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody } from '@/components/page-section.tsx';
import { paths } from '@/config/paths.ts';
import { useLoginPrompt } from '@/features/auth/hooks/use-login-prompt.ts';
import { isNotFound, useDeviceDetail } from '@/features/catalog/api/get-device-detail.ts';
import { DeviceDetailSkeleton } from '@/features/catalog/components/device-detail-skeleton.tsx';
import { DeviceDetailView } from '@/features/catalog/components/device-detail-view.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

const titleOf = (name: string, alias: string[]) => (alias[0] && !name.includes(alias[0]) ? `${name}(${alias[0]})` : name);

/** /detail/:rid — one catalogue item with its price calculator. */
export function Component() {
  const rid = useParams().rid ?? '';
  const detail = useDeviceDetail(rid);
  const { openLoginPrompt } = useLoginPrompt();
  const item = detail.data;
  const notFound = detail.isError && isNotFound(detail.error);
  useDocumentTitle(item ? titleOf(item.name, item.alias) : notFound ? '项目不存在' : undefined);

  const crumbs = item
    ? [
        { title: item.type_name, to: paths.project(item.type_id, item.type_name) },
        { title: item.child_name, to: paths.project(item.type_id, item.type_name, item.child_id) },
        { title: item.name },
      ]
    : [{ title: '服务项目', to: paths.project() }, { title: notFound ? '项目不存在' : '项目详情' }];

  return (
    <>
      <PageHero title={item ? titleOf(item.name, item.alias) : notFound ? '项目不存在' : '项目详情'} crumbs={crumbs} compact />
      <PageBody>
        {item ? (
          <DeviceDetailView
            key={item.rid}
            item={item}
            // Plans and orders need an account; until login lands both open the login prompt.
            onAddToPlan={() => openLoginPrompt('登录后即可加入实验方案')}
            onOrder={() => openLoginPrompt('登录后即可下单')}
          />
        ) : notFound ? (
          <NotFoundState
            title="项目不存在"
            subTitle="该项目可能已下架或链接有误，看看其他检测项目吧。"
            back={{ to: paths.project(), label: '浏览全部项目' }}
          />
        ) : detail.isError ? (
          <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />
        ) : (
          <DeviceDetailSkeleton />
        )}
      </PageBody>
    </>
  );
}
