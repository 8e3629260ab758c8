import { Tag } from 'antd';
import { ORGANIZATION_NAMES } from '@yance/contracts/user';
import { ATTESTATION_STATE_NAMES, ATTESTATION_STATES, type AttestationState, type LoginMethod } from '@yance/contracts/states';

const ATTESTATION_COLORS: Record<AttestationState, string> = { none: 'default', pending: 'orange', approved: 'green', rejected: 'red' };

export const AttestationTag = ({ state }: { state: AttestationState }) => (
  <Tag color={ATTESTATION_COLORS[state]}>{ATTESTATION_STATE_NAMES[state]}</Tag>
);

export const DisabledTag = ({ disabled }: { disabled: boolean }) =>
  disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>;

export const organizationName = (org: number | null) => (org === null ? '—' : (ORGANIZATION_NAMES[org] ?? '—'));

export const ORGANIZATION_OPTIONS = Object.entries(ORGANIZATION_NAMES).map(([value, label]) => ({ value: Number(value), label }));
export const ATTESTATION_OPTIONS = ATTESTATION_STATES.map((value) => ({ value, label: ATTESTATION_STATE_NAMES[value] }));

export const LOGIN_METHOD_NAMES: Record<LoginMethod, string> = {
  password: '密码',
  sms: '短信验证码',
  wechat: '微信',
  register: '注册',
};

/** Patterns tried in order: the first match names the system, then the browser (WeChat's in-app browser before the engines it carries). */
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/HarmonyOS|OpenHarmony/, '鸿蒙'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger/, '微信'],
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** A login's user agent in a few words a manager recognises ("Windows · Chrome"); the whole string goes in a tooltip. */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return '未知设备';
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  return [system, browser].filter(Boolean).join(' · ') || '其他设备';
}
