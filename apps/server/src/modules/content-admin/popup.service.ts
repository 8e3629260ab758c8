import type { z } from 'zod';
import type { popupAdmin, popupSetting } from '@yance/contracts/content-admin';
import type { AppContext } from '../../context.ts';
import { activePopup, HOME_POPUP_KEY, readPopup } from '../home/index.ts';
import { replaceSetting, getSettingValue } from '../setting/index.ts';
import { contentWrite, logChange, type Write } from './admin-write.ts';

type PopupAdmin = z.output<typeof popupAdmin>;

/**
 * The promo popup lives in the setting homePopup (it was seeded there before
 * the console existed); older values without a window read as always on.
 */
function adminOf(value: unknown, now: Date): PopupAdmin {
  const popup = readPopup(value);
  return { popup, active: activePopup(popup, now) !== null };
}

export async function popupDetail(ctx: AppContext): Promise<PopupAdmin> {
  return adminOf(await getSettingValue(ctx, HOME_POPUP_KEY), ctx.clock());
}

export async function savePopup(ctx: AppContext, w: Write, body: z.output<typeof popupSetting>): Promise<PopupAdmin> {
  return contentWrite(ctx, async (t) => {
    const before = readPopup(await replaceSetting(t, HOME_POPUP_KEY, body));
    await logChange(t, w, { action: 'popup.save', objectType: 'setting', objectId: HOME_POPUP_KEY }, before, body);
    return adminOf(body, t.clock());
  });
}
