import { z } from 'zod';
import {
  adminClusterDetail,
  adminClusterListQuery,
  adminClusterQuery,
  adminClusterSummary,
  clusterAddBody,
  clusterAgreeBody,
  clusterAllBody,
  clusterAllResponse,
  clusterApplyBody,
  clusterAssignBody,
  clusterEditBody,
  clusterIdBody,
  clusterJoinedBody,
  clusterJoinedEntry,
  clusterMember,
  clusterMemberIdBody,
  clusterPhoneBody,
  clusterAddMemberBody,
  clusterSearchBody,
  clusterSummary,
  clusterTransferBody,
  clusterUserLookup,
} from '../cluster.ts';
import type { Endpoint } from '../endpoint.ts';
import { page } from '../paging.ts';
import { routes } from '../routes.ts';

const done = z.null();
const notMine = '别人的课题组（或成员、申请）与不存在的一样答复 404。';

/** Research groups (课题组, issue 10, ADR 0051): spec §7's cluster calls, the spending limit, and the console's read-only room. */
export const clusterEndpoints = {
  clusterAdd: {
    ...routes.clusterAdd,
    summary: '创建课题组（仅认证为教师的用户，每人最多 5 个）',
    description: '名称在未删除的课题组中唯一（不区分大小写），否则 409；非教师 403。',
    body: clusterAddBody,
    response: clusterSummary,
    success: '课题组已创建',
  },
  clusterEdit: {
    ...routes.clusterEdit,
    summary: '修改课题组名称、所属单位与简介（负责人）',
    description: notMine,
    body: clusterEditBody,
    response: clusterSummary,
    success: '课题组已保存',
  },
  clusterDel: {
    ...routes.clusterDel,
    summary: '删除课题组（负责人；除负责人外没有成员时）',
    description: `还有其他成员时 409；待审核的申请一并拒绝并通知申请人。${notMine}`,
    body: clusterIdBody,
    response: done,
    success: '课题组已删除',
  },
  clusterSearch: {
    ...routes.clusterSearch,
    summary: '搜索课题组（按名称或所属单位，分页），含成员数与我是否已加入或已申请',
    body: clusterSearchBody,
    response: page(clusterSummary),
  },
  clusterApply: {
    ...routes.clusterApply,
    summary: '申请加入课题组（可附留言；待审核期间每个课题组只能申请一次）',
    description: '已是成员或已申请为 409；负责人收到站内信。',
    body: clusterApplyBody,
    response: clusterJoinedEntry,
    success: '申请已提交，请等待负责人审核',
  },
  clusterAgree: {
    ...routes.clusterAgree,
    summary: '负责人同意或拒绝加入申请',
    description: `申请人收到站内信；申请已处理过为 409。${notMine}`,
    body: clusterAgreeBody,
    response: done,
    success: '申请已处理',
  },
  clusterJoined: {
    ...routes.clusterJoined,
    summary: '我加入（及申请中）的课题组，含我的角色与消费额度',
    body: clusterJoinedBody,
    response: page(clusterJoinedEntry),
  },
  clusterAll: {
    ...routes.clusterAll,
    summary: '我负责的课题组：成员（手机号打码）、额度与待审核的申请',
    description: `给出 id 时只答复该课题组。${notMine}`,
    body: clusterAllBody,
    response: clusterAllResponse,
  },
  clusterTransfer: {
    ...routes.clusterTransfer,
    summary: '把课题组转让给本组的一位成员（原负责人留作成员）',
    description: `对方不是本组成员为 409；对方已拥有 5 个课题组为 409。${notMine}`,
    body: clusterTransferBody,
    response: done,
    success: '课题组已转让',
  },
  clusterAdd4user: {
    ...routes.clusterAdd4user,
    summary: '负责人按手机号添加已注册的用户为成员',
    description: `未注册为 404，已是成员为 409；对方有待审核的申请时视为同意。每小时最多 30 次手机号查询。${notMine}`,
    body: clusterAddMemberBody,
    response: clusterMember,
    success: '成员已添加',
  },
  clusterSearch4user: {
    ...routes.clusterSearch4user,
    summary: '负责人按完整手机号查找用户（只答复姓名与打码的手机号）',
    description: `未注册为 404。每小时最多 30 次手机号查询。${notMine}`,
    body: clusterPhoneBody,
    response: clusterUserLookup,
  },
  clusterDelete4user: {
    ...routes.clusterDelete4user,
    summary: '负责人移出成员，或成员自己退出课题组',
    description: `负责人不能被移出或退出（先转让），409。${notMine}`,
    body: clusterMemberIdBody,
    response: done,
  },
  clusterAssign: {
    ...routes.clusterAssign,
    summary: '负责人设置成员的消费额度（分，≥ 0）',
    description: `额度只是上限；课题组账户与按额度结算由资金模块接入（ADR 0051）。${notMine}`,
    body: clusterAssignBody,
    response: clusterMember,
    success: '额度已保存',
  },
  adminClusterList: {
    ...routes.adminClusterList,
    summary: '课题组列表（按名称、单位或负责人手机号；客户经理只见自己客户负责的课题组）',
    query: adminClusterListQuery,
    response: page(adminClusterSummary),
  },
  adminClusterDetail: {
    ...routes.adminClusterDetail,
    summary: '课题组详情：成员与待审核的申请',
    query: adminClusterQuery,
    response: adminClusterDetail,
  },
} as const satisfies Record<string, Endpoint>;
