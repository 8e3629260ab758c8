import type { DeviceSummary, ProjectType } from '@yance/contracts/catalog';
import type { ArticleSummary, ArticleType } from '@yance/contracts/content';
import type { Envelope } from '@yance/contracts/envelope';
import type { HomeData } from '@yance/contracts/home';
import type { Page } from '@yance/contracts/paging';
import { routes, urlOf, type RouteName } from '@yance/contracts/routes';

/** The path of a call, from the contracts' route table (no API path is written in the tests). */
export const url = (name: RouteName): string => urlOf(routes[name]);

/** Calls an open GET endpoint of the running server and unwraps the envelope. */
export async function apiGet<T>(baseUrl: string, name: RouteName, query: Record<string, string | number> = {}): Promise<T> {
  const target = new URL(url(name), baseUrl);
  for (const [k, v] of Object.entries(query)) target.searchParams.set(k, String(v));
  const res = await fetch(target);
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 1) throw new Error(`GET ${target.pathname}${target.search} failed: ${body.code} ${body.msg}`);
  return body.data;
}

/** Calls an open POST endpoint with a JSON body and unwraps the envelope. */
export async function apiPost<T>(baseUrl: string, name: RouteName, body: unknown = {}): Promise<T> {
  const res = await fetch(new URL(url(name), baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 1) throw new Error(`POST ${name} failed: ${env.code} ${env.msg}`);
  return env.data;
}

export const searchDevices = (baseUrl: string, query: Record<string, string | number> = {}) =>
  apiGet<Page<DeviceSummary>>(baseUrl, 'deviceSearch', query);

export const listArticles = (baseUrl: string, type: ArticleType, query: Record<string, string | number> = {}) =>
  apiGet<Page<ArticleSummary>>(baseUrl, 'articleList', { type, ...query });

export const getHome = (baseUrl: string) => apiGet<HomeData>(baseUrl, 'home');

/** A real catalogue rid (the first item of the default listing). */
export async function someDeviceRid(baseUrl: string): Promise<DeviceSummary> {
  const page = await searchDevices(baseUrl, { pageSize: 1 });
  const first = page.list[0];
  if (!first) throw new Error('the catalogue is empty');
  return first;
}

/** A real article read on this site (no external source), of the given type. */
export async function someArticle(baseUrl: string, type: ArticleType = 'news'): Promise<ArticleSummary> {
  const page = await listArticles(baseUrl, type, { pageSize: 20 });
  const own = page.list.find((a) => a.source === '') ?? page.list[0];
  if (!own) throw new Error(`no ${type} articles`);
  return own;
}

/** A project type that has items, with the catalogue's own id and name (the first such in the API's list). */
export async function someProjectType(baseUrl: string): Promise<ProjectType> {
  const groups = await apiGet<ProjectType[]>(baseUrl, 'typeGroup');
  const withItems = groups.find((g) => g.typeChildArr.some((c) => c.count > 0)) ?? groups[0];
  if (!withItems) throw new Error('the catalogue has no project types');
  return withItems;
}
