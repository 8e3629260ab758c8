import type { ArticleSeed } from './article-builder.ts';

const SITE = 'https://www.yance-lab.cn/thanks';

const thanks = (rid: string, date: string, title: string, company: string, code: string, sketch: string, content: string): ArticleSeed => ({
  rid, type: 'thanks', date, title, company, code, sketch, content, source: `${SITE}/${rid}`, noImg: true,
});

/** Acknowledgements in customers' papers (致谢): author, item, journal, text. */
export const THANKS: ArticleSeed[] = [
  thanks('a40001', '2026-01-16', 'XPS 测试', '王某某 等，某985高校材料学院', 'Advanced Materials, 2026, 38: 2401234 (IF 27.4)',
    '高熵氧化物中阳离子价态对储锂性能的影响。', 'We thank Yance Lab (www.yance-lab.cn) for the XPS measurements.'),
  thanks('a40002', '2026-02-21', 'TEM、HRTEM 测试', '李某某 等，中科院某化学研究所', 'Journal of the American Chemical Society, 2026, 148: 3120-3131 (IF 14.4)',
    '亚纳米金属团簇的可控合成与催化加氢。', 'The authors acknowledge Yance (研测) for TEM and HRTEM characterization.'),
  thanks('a40003', '2026-03-27', 'BET 测试', '张某某 等，某211高校化工学院', 'Chemical Engineering Journal, 2026, 489: 151002 (IF 13.3)',
    '分级多孔碳用于 CO₂ 捕集。', 'We are grateful to Yance Testing Platform for the N2 and CO2 adsorption tests.'),
  thanks('a40004', '2026-04-30', 'DFT 计算', '刘某某 等，某理工大学物理学院', 'Nature Communications, 2026, 17: 2741 (IF 14.7)',
    '应变调控二维材料的析氢活性。', 'DFT calculations were supported by the computational team of Yance Lab.'),
  thanks('a40005', '2026-06-05', 'SEM、EDS 测试', '陈某某 等，某省新能源材料重点实验室', 'Energy Storage Materials, 2026, 66: 103288 (IF 18.9)',
    '锌负极界面保护层的构筑。', 'We thank Yance (www.yance-lab.cn) for SEM and EDS mapping.'),
  thanks('a40006', '2026-07-10', 'NMR 测试', '赵某某 等，某医科大学药学院', 'Journal of Medicinal Chemistry, 2026, 69: 8812-8830 (IF 6.8)',
    '新型激酶抑制剂的设计与合成。', 'The authors thank Yance Lab for NMR and HRMS analyses.'),
  thanks('a40007', '2026-08-21', '球差电镜测试', '孙某某 等，中科院某物理研究所', 'Angewandte Chemie International Edition, 2026, 65: e202409876 (IF 16.1)',
    '单原子 Ni 位点的电还原 CO₂ 研究。', 'We acknowledge Yance for the aberration-corrected HAADF-STEM imaging.'),
  thanks('a40008', '2026-10-02', 'XRD、Rietveld 精修', '周某某 等，某师范大学化学学院', 'Chemistry of Materials, 2026, 38: 5521-5533 (IF 7.2)',
    '钠离子层状氧化物的结构演变。', 'We thank Yance Testing for XRD measurements and Rietveld refinement.'),
  thanks('a40009', '2026-11-12', '电化学测试', '吴某某 等，某新能源电池企业研究院', 'ACS Energy Letters, 2026, 11: 4410-4418 (IF 19.3)',
    '固态电解质界面的阻抗演化。', 'Electrochemical impedance tests were performed at Yance Lab (研测).'),
];
