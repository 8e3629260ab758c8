import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../plugins/endpoints.ts';
import { addAddress, editAddress, makeDefaultAddress, removeAddress } from './address.service.ts';
import { createOnce } from '../ledger/index.ts';

/** Address book of the signed-in customer (spec §3); every call is scoped to `user`. */
export const addressRoutes = (ctx: AppContext) =>
  ({
    addressAdd: ({ user, body }) => createOnce(ctx, { userId: user.id }, 'address/add', body, (t, form) => addAddress(t, user.id, form)),
    addressEdit: ({ user, body }) => editAddress(ctx, user.id, body.address_rid, body),
    addressDel: ({ user, body }) => removeAddress(ctx, user.id, body.address_rid).then(() => null),
    addressDefault: ({ user, body }) => makeDefaultAddress(ctx, user.id, body.address_rid).then(() => null),
  }) satisfies Handlers;
