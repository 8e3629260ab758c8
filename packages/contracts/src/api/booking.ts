import {
  adminReservationDay,
  adminReservationDayQuery,
  adminReservationMoveBody,
  adminReservation,
  bookingInstrument,
  bookingScheduleSaveBody,
  noShowPolicy,
  noShowPolicyData,
  reservation,
  reservationAddBody,
  reservationDay,
  reservationDayQuery,
  reservationIdBody,
  reservationListBody,
  reservationListResponse,
} from '../booking.ts';
import type { Endpoint } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { z } from 'zod';

const MOVE = '预约状态须为表中允许的状态（否则 409「预约状态已变化…」）；expect 为页面看到的状态。';

/** On-site booking of instruments (issue 9 "On-site booking", ADR 0043; spec §7 reservation group). */
export const bookingEndpoints = {
  reservationDay: {
    ...routes.reservationDay,
    summary: '现场预约项目某日的时段（空闲/已约/已截止）、可约日期与预约规则；不显示预约人',
    query: reservationDayQuery,
    response: reservationDay,
  },
  reservationAdd: {
    ...routes.reservationAdd,
    summary: '预约仪器时段：日期、开始时间、时长（半小时对齐），按小时计价',
    description:
      '规则同预约日历（booking-rules.ts）：项目须为现场预约（类型 2）且在架、已开放预约；日期在可约范围内的开放日；时长在最短与最长之间；须提前规定小时数；需完善基本信息（403「未完善基本信息无法正常下单」）；多次爽约暂停期间 403。两人同时抢同一时段：数据库唯一约束保证只有一人成功，另一人 409「所选时段已被预约，请选择其他时段」。',
    body: reservationAddBody,
    response: reservation,
    success: '预约成功',
  },
  reservationList: {
    ...routes.reservationList,
    summary: '我的预约（待使用/全部），含每条的记录与能否取消',
    body: reservationListBody,
    response: reservationListResponse,
  },
  reservationCancel: {
    ...routes.reservationCancel,
    summary: '取消自己的预约（默认预约当天不能自行取消）',
    body: reservationIdBody,
    response: reservation,
    success: '已取消预约',
  },
  adminReservationDay: {
    ...routes.adminReservationDay,
    summary: '预约室：某日各仪器的预约（可按仪器筛选）',
    query: adminReservationDayQuery,
    response: adminReservationDay,
  },
  adminReservationCheckIn: {
    ...routes.adminReservationCheckIn,
    summary: '签到（已预约 → 已签到）',
    description: MOVE,
    body: adminReservationMoveBody,
    response: adminReservation,
    success: '已签到',
  },
  adminReservationComplete: {
    ...routes.adminReservationComplete,
    summary: '完成（已签到 → 已完成）',
    description: MOVE,
    body: adminReservationMoveBody,
    response: adminReservation,
    success: '已完成',
  },
  adminReservationNoShow: {
    ...routes.adminReservationNoShow,
    summary: '标记爽约（开始时间之后；达到次数暂停该客户预约）',
    description: MOVE,
    body: adminReservationMoveBody,
    response: adminReservation,
    success: '已标记爽约',
  },
  adminReservationCancel: {
    ...routes.adminReservationCancel,
    summary: '实验室取消预约（签到前，释放时段）',
    description: MOVE,
    body: adminReservationMoveBody,
    response: adminReservation,
    success: '已取消预约',
  },
  adminReservationInstruments: {
    ...routes.adminReservationInstruments,
    summary: '现场预约项目及其预约设置（未设置 = 未开放）',
    response: z.array(bookingInstrument),
  },
  adminReservationScheduleSave: {
    ...routes.adminReservationScheduleSave,
    summary: '保存仪器的预约设置：每周开放时间、可提前天数、时长、最晚预约与取消时间',
    body: bookingScheduleSaveBody,
    response: bookingInstrument,
    success: '已保存',
  },
  adminReservationPolicy: {
    ...routes.adminReservationPolicy,
    summary: '爽约规则：统计天数内达到次数则暂停预约若干天',
    response: noShowPolicyData,
  },
  adminReservationPolicySave: {
    ...routes.adminReservationPolicySave,
    summary: '保存爽约规则',
    body: noShowPolicy,
    response: noShowPolicyData,
    success: '已保存',
  },
} as const satisfies Record<string, Endpoint>;
