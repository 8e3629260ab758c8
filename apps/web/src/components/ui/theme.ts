import type { ThemeConfig } from 'antd';

/** Brand: a calm laboratory blue with a warm accent for prices and calls to action. */
export const brand = { primary: '#0b5cff', accent: '#b84600', ink: '#1f2a3d', muted: '#5b6b82', bg: '#f5f7fb' } as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brand.primary,
    colorLink: brand.primary,
    borderRadius: 8,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif',
  },
  // Rating stars at 4.5:1 against white, the empty ones too (issue 21).
  components: { Rate: { starColor: '#9a5b00', starBg: '#767676' } },
};
