import { Alert, Skeleton } from 'antd';
import { ErrorState } from '@/components/error-state.tsx';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody, PageSection } from '@/components/page-section.tsx';
import { ContactOverview } from '@/features/content/components/contact-overview.tsx';
import { PickupRegions } from '@/features/content/components/pickup-regions.tsx';
import { getWebSettingsQueryOptions, useWebSettings } from '@/lib/get-web-settings.ts';
import { definePage } from '../page.ts';

export const page = definePage({
  queries: () => ({ settings: getWebSettingsQueryOptions() }),
  meta: ({ settings }) => ({
    title: '联系我们',
    description: settings
      ? `研测客服热线 ${settings.localInfo.phone}，${settings.localInfo.hours}。收样地址：${settings.localInfo.address}。上门取样覆盖 ${settings.allowRegion.length} 个地区。`
      : undefined,
  }),
});

/** /contact — how to reach us, where to post samples, and where home pick-up runs. */
export function Component() {
  const settings = useWebSettings();
  const data = settings.data;

  return (
    <>
      <PageHero title="联系我们" subtitle="专属客户经理一对一服务，工作时间内 2 小时内响应" crumbs={[{ title: '联系我们' }]} />
      <PageBody>
        {data ? (
          <>
            <PageSection title="联系方式">
              <ContactOverview info={data.localInfo} />
            </PageSection>
            <PageSection title="上门取样服务区域">
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title="以下区域可预约工作人员上门取样；其他地区请将样品寄送至收样地址，并在包裹内附上订单号。"
              />
              <PickupRegions regions={data.allowRegion} />
            </PageSection>
          </>
        ) : settings.isError ? (
          <PageSection>
            <ErrorState onRetry={() => void settings.refetch()} />
          </PageSection>
        ) : (
          <PageSection>
            <Skeleton active paragraph={{ rows: 8 }} />
          </PageSection>
        )}
      </PageBody>
    </>
  );
}
