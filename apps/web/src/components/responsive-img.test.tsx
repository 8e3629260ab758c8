import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ResponsiveImg } from './responsive-img.tsx';

const attrs = (html: string) => Object.fromEntries([...html.matchAll(/\s([a-zA-Z]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

describe('ResponsiveImg', () => {
  it('gives a raster upload the sized variants, lazily below the fold', () => {
    const html = renderToStaticMarkup(
      <ResponsiveImg
        src="/upload/img/case/a30002.jpg"
        alt=""
        sizes="(max-width: 640px) 100vw, 380px"
        maxWidth={760}
        width={380}
        height={214}
      />,
    );
    expect(attrs(html)).toMatchObject({
      src: '/media/960/img/case/a30002.jpg',
      srcSet:
        '/media/320/img/case/a30002.jpg 320w, /media/480/img/case/a30002.jpg 480w, /media/640/img/case/a30002.jpg 640w, /media/960/img/case/a30002.jpg 960w',
      sizes: '(max-width: 640px) 100vw, 380px',
      loading: 'lazy',
      decoding: 'async',
      width: '380',
      height: '214',
    });
  });

  it('leaves a vector picture as one file', () => {
    const a = attrs(renderToStaticMarkup(<ResponsiveImg src="/upload/img/banner/b1.svg" alt="横幅" sizes="100vw" />));
    expect(a).toMatchObject({ src: '/upload/img/banner/b1.svg', alt: '横幅', loading: 'lazy' });
    expect(a).not.toHaveProperty('srcSet');
    expect(a).not.toHaveProperty('sizes');
  });

  it('a priority picture loads first, and React preloads the same srcset for it', () => {
    const html = renderToString(
      <html>
        <head />
        <body>
          <ResponsiveImg src="/upload/img/case/a30002.jpg" alt="" sizes="100vw" priority />
        </body>
      </html>,
    );
    expect(html).toMatch(
      /<link rel="preload" as="image" imageSrcSet="\/media\/320\/img\/case\/a30002\.jpg 320w, [^"]+1920w" imageSizes="100vw" fetchPriority="high"\/>/,
    );
    expect(attrs(html.slice(html.indexOf('<img')))).toMatchObject({ loading: 'eager', fetchPriority: 'high' });
  });
});
