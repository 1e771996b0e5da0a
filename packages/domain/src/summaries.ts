import { z } from 'zod';

// 002 section 3, summaries: the account (district) landing page's figures and the provider staff's. Figures of areas
// not built yet (licences, rostering imports) are null on the wire, which the pages show as "not set up".

/** POST /dashboard/summaries/account */
export const accountSummaryRequestSchema = z.object({
  account_id: z
    .number({ error: 'validation.valid' })
    .int('validation.valid')
    .min(1, 'validation.valid')
    .max(999_999_999, 'validation.valid'),
});
export type AccountSummaryRequest = z.infer<typeof accountSummaryRequestSchema>;

/** A figure of an area that is not built yet is null: not set up, never zero. */
export type Figure = number | null;

export interface AccountSummary {
  account: { id: number; name: string; type: number; district_id: string; is_demo: boolean };
  /** licences are not built yet: null */
  licenses: Figure;
  /** more counts of the account's live rows */
  stats: { teachers: number; administrators: number; groups: number; assignments: number };
  /** null while the area behind a flag (rostering imports, licences) is not built */
  setup: {
    import_processed: boolean | null;
    import_staged: boolean | null;
    license_assigned: boolean | null;
    license_created: boolean | null;
  };
  totals: { classes: number; courses: number; schools: number; students: number; rostering: Figure };
}

export const SETUP_FLAGS = ['import_processed', 'import_staged', 'license_assigned', 'license_created'] as const;
export type SetupFlag = (typeof SETUP_FLAGS)[number];

export interface StaffTotal {
  total: number;
  /** how many of them belong to demo accounts */
  demo: number;
}

export interface StaffSummary {
  totals: { accounts: StaffTotal; organizations: StaffTotal; teachers: StaffTotal; students: StaffTotal };
  /** live accounts with no live school, teacher or student */
  empty_accounts: { total: number; accounts: { id: number; name: string }[] };
  /** licences are not built yet: null */
  licenses: { expired: Figure; expire_soon: Figure };
}

/** How many empty accounts the staff summary names (the total counts them all). */
export const EMPTY_ACCOUNTS_LISTED = 10;
