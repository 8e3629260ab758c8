import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { chinaTime } from '@yance/contracts/audit-names';

dayjs.locale('zh-cn');

/** An ISO time from the API as the console shows it, in China time (the shop's, whatever the browser's zone): 2026-03-01 09:30:05. */
export const formatTime = (iso: string) => chinaTime(iso);

export { dayjs };
