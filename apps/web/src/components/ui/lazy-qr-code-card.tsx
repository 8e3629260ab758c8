import { lazy, Suspense } from 'react';
import { useNear } from '@/lib/use-near.ts';

const QrCodeCard = lazy(() => import('./qr-code-card.tsx').then((m) => ({ default: m.QrCodeCard })));

/** Absolute URL on this site for a QR code (the site's own address, never a third party); browser only. */
const siteUrl = (path: string) => `${window.location.origin}${path}`;

interface LazyQrCodeCardProps {
  /** A path on this site; the code holds its absolute address. */
  path: string;
  caption: string;
  size?: number;
}

/**
 * A QR code whose encoder loads only when the card scrolls near the viewport,
 * so the footer's codes cost nothing on first paint (and the server, which
 * does not know the visitor's address, renders only the placeholder).
 */
export function LazyQrCodeCard({ path, caption, size = 96 }: LazyQrCodeCardProps) {
  const [ref, near] = useNear<HTMLDivElement>();

  const placeholder = (
    <figure style={{ margin: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }}>
      <span style={{ display: 'block', width: size + 12, height: size + 12, background: '#fff', borderRadius: 8, opacity: 0.9 }} />
      <figcaption style={{ fontSize: 12.5, opacity: 0.85 }}>{caption}</figcaption>
    </figure>
  );
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={placeholder}>
          <QrCodeCard value={siteUrl(path)} caption={caption} size={size} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
