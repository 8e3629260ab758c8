import { Navigate, useParams } from 'react-router';
import { LinkTabs } from '@/components/link-tabs.tsx';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody, PageSection } from '@/components/page-section.tsx';
import { paths } from '@/config/paths.ts';
import { getSitePageQueryOptions, useSitePage } from '@/features/content/api/get-site-page.ts';
import { SitePageBody } from '@/features/content/components/site-page-body.tsx';
import { plainText } from '../meta.ts';
import { definePage } from '../page.ts';

const TABS = { profile: '公司简介', culture: '企业文化', recruit: '招贤纳士' } as const;
type AboutTab = keyof typeof TABS;
const isTab = (v: string | undefined): v is AboutTab => v !== undefined && Object.hasOwn(TABS, v);

export const page = definePage({
  queries: ({ params }) => ({ about: getSitePageQueryOptions(isTab(params.tab) ? params.tab : 'profile') }),
  meta: ({ about }, { params }) => ({
    title: isTab(params.tab) ? `${TABS[params.tab]} - 关于我们` : '关于我们',
    description: about ? plainText(about.body) : undefined,
  }),
});

/** /about/:tab — company profile, culture and jobs; an unknown tab goes to the profile. */
export function Component() {
  const { tab } = useParams();
  if (!isTab(tab)) return <Navigate to={paths.about('profile')} replace />;
  return <AboutPage tab={tab} />;
}

function AboutPage({ tab }: { tab: AboutTab }) {
  const page = useSitePage(tab);
  const label = TABS[tab];
  return (
    <>
      <PageHero
        title="关于研测"
        subtitle="专业、快速、可靠的科研检测与数据分析服务平台"
        crumbs={[{ title: '关于我们', to: paths.about() }, { title: label }]}
      >
        <LinkTabs label="关于我们" tabs={(Object.keys(TABS) as AboutTab[]).map((t) => ({ to: paths.about(t), label: TABS[t] }))} />
      </PageHero>
      <PageBody>
        <PageSection title={page.data?.title ?? label}>
          <SitePageBody query={page} />
        </PageSection>
      </PageBody>
    </>
  );
}
