import styles from './require-steps.module.css';

const STEPS = [
  { title: '提交需求', text: '描述样品与测试目的' },
  { title: '客户经理联系', text: '1 个工作日内电话沟通' },
  { title: '确认方案与报价', text: '方案、周期与费用透明' },
  { title: '转为订单', text: '寄样或预约上门取样' },
] as const;

/** What happens after a requirement is posted (product.md: a manager answers with a quote that becomes an order). */
export function RequireSteps() {
  return (
    <aside className={styles.box} aria-label="需求处理流程">
      <h3 className={styles.heading}>处理流程</h3>
      <ol className={styles.steps}>
        {STEPS.map((s, i) => (
          <li key={s.title}>
            <span className={styles.num}>{i + 1}</span>
            <div>
              <strong>{s.title}</strong>
              <p>{s.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </aside>
  );
}
