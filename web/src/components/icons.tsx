import type { ReactNode } from 'react';

/** Line icons drawn for this site: 24×24, stroked in the current text colour, hidden from assistive technology. */
function Icon({ className = 'h-5 w-5', children }: { className?: string | undefined; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { className?: string };

export const IconCheck = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);

export const IconPhone = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M6.6 3.5h3l1.5 4-2 1.3a11 11 0 005.1 5.1l1.3-2 4 1.5v3a2 2 0 01-2 2A16.5 16.5 0 014.6 5.5a2 2 0 012-2z" />
  </Icon>
);

export const IconMail = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3.5 7l8.5 6 8.5-6" />
  </Icon>
);

export const IconMapPin = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);

export const IconClock = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3.5 2" />
  </Icon>
);

export const IconExternal = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5" />
  </Icon>
);

export const IconArrowRight = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

export const IconDownload = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);

export const IconChevronDown = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

/** Quality: a rosette. */
export const IconMedal = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="9" r="5.5" />
    <path d="M8.6 13.3L7 21l5-2.5 5 2.5-1.6-7.7M10 9l1.5 1.5L14.5 7.5" />
  </Icon>
);

/** Competence: a pair of dividers over a drawing. */
export const IconDividers = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="4.5" r="1.5" />
    <path d="M11.3 6L6 20M12.7 6L18 20M8 15h8" />
  </Icon>
);

/** Safety: a hard hat. */
export const IconHardHat = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M3 17.5h18M5 17.5V15a7 7 0 0114 0v2.5M10 8.3V5.5h4v2.8M10 8.5l-1 5M14 8.5l1 5" />
  </Icon>
);

/** Reliability: a calendar with a tick. */
export const IconCalendarCheck = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="4" y="5" width="16" height="15" rx="2" />
    <path d="M8 3v4M16 3v4M4 10h16M9 15l2 2 4-4" />
  </Icon>
);

/** Planning: a drawing with a pencil. */
export const IconBlueprint = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M4 4h11v16H4zM7 8h5M7 11.5h5M7 15h3M18 5v12l1.5 3 1.5-3V5z" />
  </Icon>
);

/** Installation: a spanner. */
export const IconSpanner = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M14.5 4.2a5 5 0 00-5.6 6.9L3.6 16.4a1.9 1.9 0 002.7 2.7l5.3-5.3a5 5 0 006.9-5.6l-3 3-2.6-.4-.4-2.6z" />
  </Icon>
);

/** Maintenance and inspection: a measuring gauge. */
export const IconGauge = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M3.5 17a8.5 8.5 0 1117 0M12 17l4-5.5M6.5 12.5l1 .7M12 8.5V10M17.5 12.5l-1 .7" />
    <circle cx="12" cy="17" r="1.2" />
  </Icon>
);

/** What we do / why / how (about page). */
export const IconTarget = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="4.5" />
    <circle cx="12" cy="12" r="1" />
  </Icon>
);

export const IconShield = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M12 3l7.5 3v5.5c0 4.6-3.1 8.1-7.5 9.5-4.4-1.4-7.5-4.9-7.5-9.5V6z" />
    <path d="M9 12l2 2 4-4" />
  </Icon>
);

export const IconCog = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.8v2.6M12 18.6v2.6M2.8 12h2.6M18.6 12h2.6M5.5 5.5l1.8 1.8M16.7 16.7l1.8 1.8M5.5 18.5l1.8-1.8M16.7 7.3l1.8-1.8" />
  </Icon>
);
