import { IconBlueprint, IconGauge, IconSpanner } from './icons';

/** The three services of SPEC.md §2, in their order, each with its icon (home page and services page). */
export const serviceKinds = [
  { key: 'planning', Icon: IconBlueprint },
  { key: 'installation', Icon: IconSpanner },
  { key: 'maintenance', Icon: IconGauge },
] as const;
