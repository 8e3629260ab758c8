import { Alert, Button, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { otherPlaceIn, type OtherPlace } from '../utils/region-check.ts';
import { regionPath, regionText } from '../utils/region-options.ts';

/**
 * The check before saving a region and a detail address (address dialog,
 * profile form): when the detail names another district, city or province
 * than the one picked (a 海淀 address left under the default 东城区), the form
 * asks first — switch the picker to it, or save as it is.
 */
export function useRegionCheck(form: FormInstance) {
  const [conflict, setConflict] = useState<(OtherPlace & { picked: string }) | null>(null);

  /** True when saving may go on; otherwise the question shows. `checked`: the user said save as it is. */
  const passes = (address: string, code: string, checked: boolean) => {
    const other = checked ? null : otherPlaceIn(address, code);
    setConflict(other ? { ...other, picked: regionText(code) } : null);
    return !other;
  };

  /** For the form's onValuesChange: editing the region or the address withdraws the question. */
  const onValuesChange = (changed: object) => {
    if ('region' in changed || 'address' in changed) setConflict(null);
  };

  const question = (saveAnyway: () => void): ReactNode =>
    conflict && (
      <Alert
        type="warning"
        showIcon
        title={`详细地址中写的是「${conflict.name}」，所选地区是「${conflict.picked}」，请核对`}
        style={{ marginBottom: 16 }}
        action={
          <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
            {conflict.code && (
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  form.setFieldValue('region', regionPath(conflict.code));
                  setConflict(null);
                }}
              >
                改选{conflict.name}
              </Button>
            )}
            <Button size="small" onClick={saveAnyway}>
              仍然保存
            </Button>
          </div>
        }
      />
    );

  return { passes, onValuesChange, clear: () => setConflict(null), question };
}
