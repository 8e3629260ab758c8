import type { DeviceSeed } from './device-builder.ts';
import { COMPOSITION_DEVICES } from './devices-composition.ts';
import { IN_SITU_DEVICES } from './devices-in-situ.ts';
import { SERVICE_DEVICES } from './devices-services.ts';
import { SPECTRUM_DEVICES } from './devices-spectrum.ts';
import { STRUCTURE_DEVICES } from './devices-structure.ts';
import { SURFACE_DEVICES } from './devices-surface.ts';
import { THERMAL_DEVICES } from './devices-thermal.ts';

/** The whole demo catalogue, in display order. */
export const DEVICE_SEEDS: DeviceSeed[] = [
  ...STRUCTURE_DEVICES,
  ...COMPOSITION_DEVICES,
  ...THERMAL_DEVICES,
  ...SPECTRUM_DEVICES,
  ...SURFACE_DEVICES,
  ...IN_SITU_DEVICES,
  ...SERVICE_DEVICES,
];
