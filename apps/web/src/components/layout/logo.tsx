import { useId } from 'react';

/** The 研测 wordmark: a flask-and-molecule mark with the name and tagline. */
export function Logo({ tone = 'dark', height = 44 }: { tone?: 'dark' | 'light'; height?: number }) {
  const gradient = useId();
  const ink = tone === 'dark' ? '#16233b' : '#ffffff';
  const sub = tone === 'dark' ? '#5b6b82' : 'rgba(255,255,255,0.72)';
  return (
    <svg height={height} viewBox="0 0 212 48" role="img" aria-label="研测 科研检测服务平台">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f7bff" />
          <stop offset="1" stopColor="#0846c7" />
        </linearGradient>
      </defs>
      <rect x="2" y="4" width="40" height="40" rx="11" fill={`url(#${gradient})`} />
      <path
        d="M17 12h10M18.5 12v9.2L12 32.6A2.6 2.6 0 0 0 14.3 36.5h15.4a2.6 2.6 0 0 0 2.3-3.9L25.5 21.2V12"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M14.8 29h14.4l2.2 3.8a2.2 2.2 0 0 1-1.9 3.2H14.5a2.2 2.2 0 0 1-1.9-3.2z" fill="#fff" opacity="0.92" />
      <circle cx="34.5" cy="11.5" r="3" fill="#7fd1ff" />
      <text x="52" y="27" fill={ink} fontSize="23" fontWeight="700" letterSpacing="2">
        研测
      </text>
      <text x="52.5" y="41.5" fill={sub} fontSize="10.5" letterSpacing="1.6">
        科研检测服务平台
      </text>
      <text x="104" y="26" fill="#2f7bff" fontSize="10" fontWeight="700" letterSpacing="1.2" fontFamily="Arial, Helvetica, sans-serif">
        YANCE
      </text>
    </svg>
  );
}
