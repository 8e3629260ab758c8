import { QRCodeSVG } from 'qrcode.react';

/** A QR code with a caption; `value` is the URL it encodes. */
export function QrCodeCard({ value, caption, size = 96 }: { value: string; caption: string; size?: number }) {
  return (
    <figure style={{ margin: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }}>
      <span style={{ display: 'block', padding: 6, background: '#fff', borderRadius: 8, lineHeight: 0 }}>
        <QRCodeSVG value={value} size={size} level="M" fgColor="#16233b" title={caption} />
      </span>
      <figcaption style={{ fontSize: 12.5, opacity: 0.85 }}>{caption}</figcaption>
    </figure>
  );
}
