import { Typography } from 'antd';
import { fieldName, valueText } from './audit-labels.ts';

/** What one log row changed: a line per field, before → after, each side as words (never markup, codes or fen). */
export function AuditChanges({ objectType, changes }: { objectType: string; changes: Record<string, [unknown, unknown]> }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div style={{ display: 'grid', gap: 2 }}>
      {fields.map(([field, [before, after]]) => (
        <div key={field} style={{ wordBreak: 'break-all' }} data-testid="audit-change">
          <Typography.Text type="secondary">{fieldName(field)}：</Typography.Text>
          {before !== null && (
            <>
              <Typography.Text delete>{valueText(objectType, field, before)}</Typography.Text> →{' '}
            </>
          )}
          <Typography.Text>{valueText(objectType, field, after)}</Typography.Text>
        </div>
      ))}
    </div>
  );
}
