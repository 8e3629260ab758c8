import { PageHero } from '@/components/page-hero.tsx';
import { PageBody, PageSection } from '@/components/page-section.tsx';
import { useLoginPrompt } from '@/features/auth/hooks/use-login-prompt.ts';
import { getSitePageQueryOptions, useSitePage } from '@/features/content/api/get-site-page.ts';
import { RequireForm } from '@/features/content/components/require-form.tsx';
import { SitePageBody } from '@/features/content/components/site-page-body.tsx';
import { definePage } from '../page.ts';

export const page = definePage({
  queries: () => ({ page: getSitePageQueryOptions('require') }),
  meta: () => ({
    title: '发布需求',
    description: '找不到合适的检测项目？描述您的测试需求，研测专属客户经理为您定制方案并报价。',
  }),
});

/** /require — 发布需求: a request for a test that is not in the catalogue. */
export function Component() {
  const page = useSitePage('require');
  const { openLoginPrompt } = useLoginPrompt();

  return (
    <>
      <PageHero
        title="发布需求"
        subtitle="找不到合适的项目？描述您的测试需求，专属客户经理为您定制方案并报价"
        crumbs={[{ title: '发布需求' }]}
      />
      <PageBody>
        <PageSection title="需求说明">
          <SitePageBody query={page} />
        </PageSection>
        <PageSection title="填写需求">
          {/* Requirements need an account; until login lands, submitting asks the visitor to log in. */}
          <RequireForm onSubmit={() => openLoginPrompt('登录后即可发布需求，已填写的内容会保留')} />
        </PageSection>
      </PageBody>
    </>
  );
}
