import type { ThemeName } from '../lib/runtime-config';

// The help phone and support contact each theme shows (001 sections 2 and 9: numbers differ per theme). One place
// until the theme config in packages/domain lands; then this file reads from it. .test hosts and 555-01xx numbers
// are reserved for examples and stand in until the real ones are known.
export interface SupportContact {
  /** Shown as written. */
  phone: string;
  /** Dialled. */
  phoneHref: string;
  email: string;
  contactUrl: string;
}

export const SUPPORT: Record<ThemeName, SupportContact> = {
  default: {
    phone: '+1 (555) 010-2030',
    phoneHref: 'tel:+15550102030',
    email: 'support@aula.test',
    contactUrl: 'https://aula.test/contact',
  },
  partner: {
    phone: '+1 (555) 010-4050',
    phoneHref: 'tel:+15550104050',
    email: 'support@partner.aula.test',
    contactUrl: 'https://partner.aula.test/contact',
  },
};
