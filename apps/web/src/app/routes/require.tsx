import { PageHero } from '@/components/page-hero.tsx';
import { PageBody, PageSection } from '@/components/page-section.tsx';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useLoginPrompt } from '@/features/auth/hooks/use-login-prompt.ts';
import { useSignedIn } from '@/lib/use-signed-in.ts';
import { useAddDemand } from '@/features/demand/api/demands.ts';
import { getSitePageQueryOptions, useSitePage } from '@/features/content/api/get-site-page.ts';
import { RequireForm, type RequireFormValues } from '@/features/content/components/require-form.tsx';
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
  const signedIn = useSignedIn();
  const addDemand = useAddDemand();
  const navigate = useNavigate();
  // A visitor is asked to log in first (the typed values stay); a customer's demand goes to their manager.
  const submit = (v: RequireFormValues) => {
    if (!signedIn) return openLoginPrompt('登录后即可发布需求，已填写的内容会保留');
    addDemand.mutate(
      {
        body: {
          title: v.title,
          description: v.description,
          budget_fen: v.budget === undefined || v.budget === null ? undefined : Math.round(v.budget * 100),
          contact_name: v.name,
          contact_phone: v.phone,
        },
        files: (v.files ?? []).flatMap((f) => (f.originFileObj ? [f.originFileObj] : [])),
      },
      { onSuccess: () => void navigate(paths.experiment('demand')) },
    );
  };

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
          <RequireForm onSubmit={submit} signedIn={signedIn} />
        </PageSection>
      </PageBody>
    </>
  );
}
