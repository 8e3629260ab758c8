import type { DeviceDetail } from '@yance/contracts/catalog';
import { useState } from 'react';
import { DeviceBuyBar } from './device-buy-bar.tsx';
import { DeviceInfoSections } from './device-info-sections.tsx';
import { DeviceReviews } from './device-reviews.tsx';
import { DeviceSummaryPanel, initialSelection, type DeviceActions } from './device-summary-panel.tsx';

/** A detail page's body: summary with the price calculator, the info sections, and the phone's buy bar sharing one selection. */
export function DeviceDetailView({ item, ...actions }: { item: DeviceDetail } & DeviceActions) {
  const [selection, setSelection] = useState(() => initialSelection(item));
  return (
    <>
      <DeviceSummaryPanel item={item} selection={selection} onSelectionChange={setSelection} {...actions} />
      <DeviceInfoSections item={item} />
      <DeviceReviews item={item} />
      <DeviceBuyBar item={item} selection={selection} {...actions} />
    </>
  );
}
