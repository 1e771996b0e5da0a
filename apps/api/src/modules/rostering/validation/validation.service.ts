import type { RosterRowError } from '@aula/domain/rostering';
import { stringify } from 'csv-stringify/sync';
import type { AuthContext } from '../../../lib/auth-context';
import { tenantScopeOf } from '../../../lib/auth-context';
import type { Deps } from '../../../lib/deps';
import { resolveAccount } from '../../accounts/placement';
import { readOneRosterZip, type RosterZipResult } from '../csv/read-zip';
import type { RosterUpload } from './validation-upload';

// The OneRoster validation screen (issue 16 item 10; 002 sections 2 and 7): the report of an archive, nothing imported.

export interface RosterValidationReport {
  version: RosterZipResult['snapshot']['version'];
  mode: RosterZipResult['snapshot']['mode'];
  files: RosterZipResult['files'];
  counts: Record<
    'orgs' | 'academicSessions' | 'courses' | 'classes' | 'users' | 'enrollments' | 'demographics',
    number
  >;
  errors: RosterRowError[];
}

/** Reads the uploaded archive (archive refusals throw RosterArchiveError, a 422); the upload is always removed. */
export async function validateRosterZip(
  deps: Deps,
  auth: AuthContext,
  upload: RosterUpload,
): Promise<RosterValidationReport> {
  try {
    // an account named must be one the caller reaches (another district's is a 404)
    if (upload.accountId !== undefined) await resolveAccount(deps.db, tenantScopeOf(auth), upload.accountId);
    const { snapshot: s, errors, files } = await readOneRosterZip(upload.filePath);
    return {
      version: s.version,
      mode: s.mode,
      files,
      counts: {
        orgs: s.orgs.length,
        academicSessions: s.academicSessions.length,
        courses: s.courses.length,
        classes: s.classes.length,
        users: s.users.length,
        enrollments: s.enrollments.length,
        demographics: s.demographics.length,
      },
      errors,
    };
  } finally {
    await upload.dispose();
  }
}

export const VALIDATION_CSV_COLUMNS = ['file', 'row', 'column', 'severity', 'message'] as const;

/** The report's problems as CSV, with a UTF-8 byte-order mark so that spreadsheets read it as UTF-8. */
export function validationCsv(errors: RosterRowError[]): string {
  const rows = errors.map((e) => [e.file, e.row ?? '', e.column ?? '', e.severity, e.message]);
  return '\uFEFF' + stringify(rows, { header: true, columns: [...VALIDATION_CSV_COLUMNS], record_delimiter: '\r\n' });
}

/** e.g. district-2024.zip -> district-2024-validation.csv (only safe characters in a header) */
export function reportFilename(upload: string): string {
  const base =
    upload
      .replace(/\.zip$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 80) || 'oneroster';
  return `${base}-validation.csv`;
}
