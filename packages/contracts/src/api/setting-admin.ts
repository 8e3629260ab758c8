import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { allowRegion, labCalendar, labReview, localInfo, samplingSetting } from '../setting.ts';
import { serviceAgreement, serviceAgreementInput } from '../service-agreement.ts';

/** The stored web settings as the console edits them (null = never saved). */
export const settingAdmin = z.object({
  allowRegion: allowRegion.nullable(),
  samplingSetting: samplingSetting.nullable(),
  localInfo: localInfo.nullable(),
  labCalendar: labCalendar.nullable(),
  labReview: labReview.nullable(),
  /** The service agreement in force (the built-in text until one is saved). */
  serviceAgreement,
});

/** The console's web settings of spec §3, checked by the same contracts the storefront reads (issue 8). */
export const settingAdminEndpoints = {
  settingAdminDetail: {
    ...routes.settingAdminDetail,
    summary: '网站设置（上门取样区域、取样设置、联系方式、工作日历、结果文件审核）',
    response: settingAdmin,
  },
  settingAllowRegionSave: {
    ...routes.settingAllowRegionSave,
    summary: '保存上门取样区域（区域编码须存在于行政区划表，名称与编码一致）',
    body: z.object({ allowRegion }),
    response: settingAdmin,
    success: '已保存',
  },
  settingSamplingSave: {
    ...routes.settingSamplingSave,
    summary: '保存取样设置（不可取样日期、星期、时段，例外开放日期，四个时段，取样提示）',
    body: z.object({ samplingSetting }),
    response: settingAdmin,
    success: '已保存',
  },
  settingLocalInfoSave: {
    ...routes.settingLocalInfoSave,
    summary: '保存联系方式（地址、电话、邮箱、收样地址、服务时间、微信）',
    body: z.object({ localInfo }),
    response: settingAdmin,
    success: '已保存',
  },
  settingLabCalendarSave: {
    ...routes.settingLabCalendarSave,
    summary: '保存实验室工作日历（工作日、节假日、调休上班日），预计出结果时间按它计算工作日',
    body: z.object({ labCalendar }),
    response: settingAdmin,
    success: '已保存',
  },
  settingLabReviewSave: {
    ...routes.settingLabReviewSave,
    summary: '保存结果文件审核方式：默认须由上传人以外的另一位员工审核通过；单人实验室可允许本人审核',
    body: z.object({ labReview }),
    response: settingAdmin,
    success: '已保存',
  },
  settingAgreementSave: {
    ...routes.settingAgreementSave,
    summary: '保存检测服务协议（名称与正文）：内容有变化即为新版本，此后院校客户下单须同意新版本',
    body: serviceAgreementInput,
    response: serviceAgreement,
    success: '已保存',
  },
} as const satisfies Record<string, Endpoint>;
