import { useParams } from 'react-router';
import { ErrorState } from '@/components/error-state.tsx';
import { NotFoundState } from '@/components/not-found-state.tsx';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody } from '@/components/page-section.tsx';
import { paths } from '@/config/paths.ts';
import { useLoginPrompt } from '@/features/auth/hooks/use-login-prompt.ts';
import { getDeviceDetailQueryOptions, useDeviceDetail } from '@/features/catalog/api/get-device-detail.ts';
import { DeviceDetailSkeleton } from '@/features/catalog/components/device-detail-skeleton.tsx';
import { DeviceDetailView } from '@/features/catalog/components/device-detail-view.tsx';
import { isNotFound } from '@yance/browser/api-client';
import { formatUnitPrice } from '@yance/browser/format';
import { itemTitle, plainText, serviceJsonLd, shareImage } from '../meta.ts';
import { definePage, useSubjectMissing } from '../page.ts';

export const page = definePage({
  queries: ({ params }) => ({ item: getDeviceDetailQueryOptions(params.rid ?? '') }),
  subject: 'item',
  meta: ({ item }, { url }) => {
    if (!item) return { title: '项目不存在', noindex: true };
    const here = url.origin + url.pathname;
    const image = new URL(item.img, url.origin).href;
    const price = `${formatUnitPrice(item.price_fen, item.unit)}起`;
    return {
      title: itemTitle(item),
      description: plainText(
        `${itemTitle(item)}，${price}，${item.turnaround_days}个工作日出结果。${item.sketch} ${item.sample_requirement}`,
      ),
      image: shareImage(image),
      ogType: 'product',
      jsonLd: serviceJsonLd(item, here, image),
    };
  },
});

/** /detail/:rid — one catalogue item with its price calculator. */
export function Component() {
  const rid = useParams().rid ?? '';
  const gone = useSubjectMissing();
  const detail = useDeviceDetail(rid, !gone);
  const { openLoginPrompt } = useLoginPrompt();
  const item = detail.data;
  const notFound = gone || (detail.isError && isNotFound(detail.error));

  const crumbs = item
    ? [
        { title: item.type_name, to: paths.project(item.type_id, item.type_name) },
        { title: item.child_name, to: paths.project(item.type_id, item.type_name, item.child_id) },
        { title: item.name },
      ]
    : [{ title: '服务项目', to: paths.project() }, { title: notFound ? '项目不存在' : '项目详情' }];

  return (
    <>
      <PageHero title={item ? itemTitle(item) : notFound ? '项目不存在' : '项目详情'} crumbs={crumbs} compact />
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
