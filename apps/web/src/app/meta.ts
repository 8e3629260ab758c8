import type { ArticleDetail } from '@yance/contracts/content';
import type { DeviceDetail } from '@yance/contracts/catalog';
import { formatUnitPrice } from '@yance/browser/format';

/** Plain text of stored rich HTML, for descriptions (tags dropped, entities of the sanitiser's output decoded, spaces folded). */
export function plainText(html: string, max = 150): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A share image link previews can show: WeChat and most others take no SVG, so those fall back to the site's card. */
export const shareImage = (href: string) => (/\.svg(?:$|[?#])/i.test(href) ? undefined : href);

/** "X射线衍射(XRD)": the name with its first alias when the name does not say it. */
export const itemTitle = (item: Pick<DeviceDetail, 'name' | 'alias'>) =>
  item.alias[0] && !item.name.includes(item.alias[0]) ? `${item.name}(${item.alias[0]})` : item.name;

/** schema.org Service with its starting price in yuan (an Offer), for a catalogue item. */
export function serviceJsonLd(item: DeviceDetail, url: string, image: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: itemTitle(item),
    alternateName: item.alias,
    serviceType: item.child_name,
    category: item.type_name,
    description: plainText(item.description || item.sketch, 300),
    image,
    url,
    provider: { '@type': 'Organization', name: '研测' },
    offers: {
      '@type': 'Offer',
      price: (item.price_fen / 100).toFixed(2),
      priceCurrency: 'CNY',
      description: `${formatUnitPrice(item.price_fen, item.unit)}起`,
      availability: 'https://schema.org/InStock',
      url,
    },
    // Only with evaluations: a rating of nothing is not a rating (ADR 0048).
    ...(item.rating_avg !== null && item.rating_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: item.rating_avg,
            reviewCount: item.rating_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** schema.org Article for a news item, course, case or thank-you note. */
export function articleJsonLd(article: ArticleDetail, url: string, image: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    description: plainText(article.sketch || article.body),
    image,
    datePublished: article.created,
    url,
    mainEntityOfPage: url,
    publisher: { '@type': 'Organization', name: '研测' },
  };
}
