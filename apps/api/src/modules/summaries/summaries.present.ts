import type { AccountSummary, StaffSummary } from '@aula/domain/summaries';
import type { AccountRow } from '../accounts/accounts.repo';
import type { AccountCounts, StaffCounts } from './summaries.repo';

// Licences are not built yet: their figures and flags are null ("not set up"), never a number that looks measured.
// Rostering: import_processed = an import of the account has been applied; import_staged = one waits for review or
// confirmation; the rostering total counts the account's roster imports (queue items).
export function presentAccountSummary(
  account: AccountRow,
  c: AccountCounts,
  imports: { processed: number; staged: number; total: number },
): AccountSummary {
  return {
    account: {
      id: account.id,
      name: account.name,
      type: account.type,
      district_id: account.districtId,
      is_demo: account.isDemo,
    },
    licenses: null,
    stats: { teachers: c.teachers, administrators: c.administrators, groups: c.groups, assignments: c.assignments },
    setup: {
      import_processed: imports.processed > 0,
      import_staged: imports.staged > 0,
      license_assigned: null,
      license_created: null,
    },
    totals: {
      classes: c.classes,
      courses: c.courses,
      schools: c.schools,
      students: c.students,
      rostering: imports.total,
    },
  };
}

export function presentStaffSummary(c: StaffCounts): StaffSummary {
  return {
    totals: {
      accounts: { total: c.accounts, demo: c.demoAccounts },
      organizations: { total: c.organizations, demo: c.demoOrganizations },
      teachers: { total: c.teachers, demo: c.demoTeachers },
      students: { total: c.students, demo: c.demoStudents },
    },
    empty_accounts: { total: c.emptyAccounts, accounts: c.emptyList },
    licenses: { expired: null, expire_soon: null },
  };
}
