import type { AccountSummary, StaffSummary } from '@aula/domain/summaries';
import type { AccountRow } from '../accounts/accounts.repo';
import type { AccountCounts, StaffCounts } from './summaries.repo';

// Licences and rostering imports are not built yet: their figures and flags are null ("not set up"), never a number
// that looks measured.
export function presentAccountSummary(account: AccountRow, c: AccountCounts): AccountSummary {
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
    setup: { import_processed: null, import_staged: null, license_assigned: null, license_created: null },
    totals: { classes: c.classes, courses: c.courses, schools: c.schools, students: c.students, rostering: null },
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
