import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

/** An ISO time from the API as the console shows it, in the browser's time zone: 2026-03-01 09:30:05. */
export const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

export { dayjs };
