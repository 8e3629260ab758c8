import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import { routes } from '../routes.ts';
import {
  address,
  addressEditBody,
  addressAddBody,
  addressRidBody,
  profileForm,
  update4contactBody,
  updateInfoBody,
  userInfoResponse,
} from '../user.ts';

const done = z.null();

/** The signed-in customer's own account and address book (spec §3, §7 authenticated calls). */
export const userEndpoints = {
  userInfo: { ...routes.userInfo, summary: '当前用户信息、地址与方案数', response: userInfoResponse },
  updateInfo: { ...routes.updateInfo, summary: '设置用户名', body: updateInfoBody, response: done },
  update4profile: { ...routes.update4profile, summary: '完善信息（认证）', body: profileForm, response: done, success: '提交成功' },
  code4currentPhone: {
    ...routes.code4currentPhone,
    summary: '向当前登录账号的手机号发送验证码（useFor 5，更换手机号前验证本人）',
    response: done,
    success: '验证码已发送',
  },
  update4contact: {
    ...routes.update4contact,
    summary: '更换手机号：新手机验证码，加当前密码或当前手机验证码；通知旧手机并退出其他登录',
    body: update4contactBody,
    response: done,
  },
  addressAdd: { ...routes.addressAdd, summary: '新增地址', body: addressAddBody, response: address },
  addressEdit: { ...routes.addressEdit, summary: '修改地址', body: addressEditBody, response: address },
  addressDel: { ...routes.addressDel, summary: '删除地址', body: addressRidBody, response: done },
  addressDefault: { ...routes.addressDefault, summary: '设为默认地址', body: addressRidBody, response: done },
} as const satisfies Record<string, Endpoint>;
