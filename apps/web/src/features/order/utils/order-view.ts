// How an order reads on the customer's pages: state colours, times, sample facts.
import { SAMPLE_FORMS, SAMPLE_HAZARDS } from '@yance/contracts/order';
import { ORDER_ACTIONS, ORDER_TRANSITIONS, type OrderAction, type OrderState, type OrderTransition } from '@yance/contracts/order-states';

/** antd Tag colour of each state: waiting on the customer warm, in the lab blue, done green, stopped grey/red. */
export const STATE_COLORS: Record<OrderState, string> = {
  draft: 'default',
  quoting: 'gold',
  contracting: 'gold',
  unpaid: 'orange',
  awaitingSample: 'orange',
  awaitingPickup: 'orange',
  received: 'blue',
  testing: 'blue',
  delivered: 'cyan',
  unsettled: 'purple',
  completed: 'green',
  cancelled: 'default',
  overdue: 'red',
};

/** A line's chosen options as one phrase: "测试范围：5-90°；加急：是". */
export const choicesText = (choices: Record<string, string>) =>
  Object.entries(choices)
    .map(([name, label]) => `${name}：${label}`)
    .join('；');

/** 粉末, 薄膜 … for a stored form key. */
export const formName = (form: string) => SAMPLE_FORMS[form as keyof typeof SAMPLE_FORMS] ?? form;

/** 有毒、腐蚀性 … for stored hazard keys; 无 when none. */
export const hazardsText = (hazards: readonly string[]) =>
  hazards.length ? hazards.map((h) => SAMPLE_HAZARDS[h as keyof typeof SAMPLE_HAZARDS] ?? h).join('、') : '无';

/** Item names on an order card: the first three and how many more. */
export const itemsText = (items: readonly string[]) =>
  items.length > 3 ? `${items.slice(0, 3).join('、')} 等${items.length}项` : items.join('、');

/**
 * What the customer may do with an order in this state, read from the one
 * transition table (a card has no `actions` of its own; the detail has the server's).
 */
export function customerActions(state: OrderState): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => {
    const t: OrderTransition = ORDER_TRANSITIONS[a];
    return t.from.includes(state) && t.by.some((who) => 'customer' in who);
  });
}
