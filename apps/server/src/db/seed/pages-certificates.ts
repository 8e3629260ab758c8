import type { PageSeed } from './pages-about.ts';

/** A certificate as the 资质证书 page lists it; img is a wordless picture of it (generate-images.ts). */
export interface CertificateSeed {
  slug: string;
  name: string;
  number: string;
  issuer: string;
  valid: string;
  scope: string;
}

export const CERTIFICATE_SEEDS: CertificateSeed[] = [
  {
    slug: 'cma',
    name: '检验检测机构资质认定证书（CMA）',
    number: '261100340123',
    issuer: '北京市市场监督管理局',
    valid: '2032-03-15',
    scope: '材料成分、晶体结构、微观形貌、热学性能与孔结构等检测参数，以证书附表为准',
  },
  {
    slug: 'cnas',
    name: '实验室认可证书（CNAS）',
    number: 'CNAS L18826',
    issuer: '中国合格评定国家认可委员会',
    valid: '2031-08-20',
    scope: '依据 ISO/IEC 17025 认可的检测项目，以认可证书附件为准',
  },
  {
    slug: 'iso9001',
    name: '质量管理体系认证证书（ISO 9001:2015）',
    number: '04926Q30112R1M',
    issuer: '中质协质量保证中心',
    valid: '2029-06-30',
    scope: '科研检测技术服务、数据分析服务及相关管理活动',
  },
  {
    slug: 'high-tech',
    name: '高新技术企业证书',
    number: 'GR202611003456',
    issuer: '北京市科学技术委员会、北京市财政局、国家税务总局北京市税务局',
    valid: '2029-11-30',
    scope: '科研检测与数据分析技术服务',
  },
];

export const certificateImg = (c: CertificateSeed) => `/upload/img/certificate/${c.slug}.svg`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** 资质证书: each certificate as a picture and a table of its facts (text, so it can be read, searched and copied). */
export const CERTIFICATES_PAGE: PageSeed = {
  key: 'certificates',
  title: '资质证书',
  body: [
    '<p>研测自营实验室依法取得检验检测机构资质认定，并通过实验室认可与质量管理体系认证。出具带 CMA 标识的报告时，报告编号可在发证机关网站查询。如需证书复印件（加盖公章），请联系客户经理。</p>',
    ...CERTIFICATE_SEEDS.map(
      (c) =>
        `<h3>${esc(c.name)}</h3>` +
        `<figure><img src="${certificateImg(c)}" alt="${esc(c.name)}" width="360" height="254"></figure>` +
        '<table><tbody>' +
        [
          ['证书编号', c.number],
          ['发证机关', c.issuer],
          ['有效期至', c.valid],
          ['范围', c.scope],
        ]
          .map(([k, v]) => `<tr><th>${k}</th><td>${esc(v!)}</td></tr>`)
          .join('') +
        '</tbody></table>',
    ),
  ].join(''),
};
