import type { SitePageKey } from '@yance/contracts/content';
import { useLocation } from 'react-router';
import { PageHero } from '@/components/page-hero.tsx';
import { PageBody, PageSection } from '@/components/page-section.tsx';
import { getSitePageQueryOptions, useSitePage } from '@/features/content/api/get-site-page.ts';
import { SitePageBody } from '@/features/content/components/site-page-body.tsx';
import { plainText } from '../meta.ts';
import { definePage } from '../page.ts';

/** The routes this module serves, with the heading shown before the page loads. */
const PAGES = {
  '/guide': { key: 'guide', title: '服务指南' },
  '/license': { key: 'license', title: '用户协议' },
  '/policy': { key: 'policy', title: '隐私政策' },
  '/certificates': { key: 'certificates', title: '资质证书' },
} as const satisfies Record<string, { key: SitePageKey; title: string }>;

const pageFor = (pathname: string) => PAGES[pathname.replace(/\/+$/, '') as keyof typeof PAGES] ?? PAGES['/guide'];

export const page = definePage({
  queries: ({ url }) => ({ page: getSitePageQueryOptions(pageFor(url.pathname).key) }),
  meta: ({ page }, { url }) => ({
    title: page?.title ?? pageFor(url.pathname).title,
    description: page ? plainText(page.body) : undefined,
  }),
});

/** /guide, /license, /policy, /certificates — one module, the key comes from the path. */
export function Component() {
  const { pathname } = useLocation();
  const { key, title: fallback } = pageFor(pathname);
  const page = useSitePage(key);
  const title = page.data?.title ?? fallback;

  return (
    <>
      <PageHero title={title} crumbs={[{ title }]} subtitle={page.data ? `更新于 ${page.data.updated}` : undefined} />
      <PageBody>
        <PageSection>
          <div style={{ maxWidth: 860, margin: '0 auto' }}>
            <SitePageBody query={page} />
          </div>
        </PageSection>
      </PageBody>
    </>
  );
}
