import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@yance/contracts/envelope';
import { address, addressEditBody, addressForm, addressRidBody } from '@yance/contracts/user';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { addAddress, editAddress, makeDefaultAddress, removeAddress } from './address.service.ts';

const tags = ['auth'];
const userOf = (request: { user: { id: number } | null }) => request.user!.id;

/** Address book of the signed-in user (spec §3); every call is scoped to request.user. */
export const addressRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/auth/address/add', { schema: { tags, summary: '新增地址', body: addressForm, response: { 200: envelope(address) } } }, async (request) =>
    ok(await addAddress(ctx, userOf(request), request.body)),
  );
  app.post('/auth/address/edit', { schema: { tags, summary: '修改地址', body: addressEditBody, response: { 200: envelope(address) } } }, async (request) =>
    ok(await editAddress(ctx, userOf(request), request.body.address_rid, request.body)),
  );
  app.post('/auth/address/del', { schema: { tags, summary: '删除地址', body: addressRidBody, response: { 200: envelope(z.null()) } } }, async (request) => {
    await removeAddress(ctx, userOf(request), request.body.address_rid);
    return ok(null);
  });
  app.post('/auth/address/default', { schema: { tags, summary: '设为默认地址', body: addressRidBody, response: { 200: envelope(z.null()) } } }, async (request) => {
    await makeDefaultAddress(ctx, userOf(request), request.body.address_rid);
    return ok(null);
  });
};
