import { ONEROSTER_VERSIONS, type OneRosterVersion, type RosterImportMode } from '@aula/domain/rostering';
import type { Readable } from 'node:stream';
import { readCsv } from './csv-records';
import { RosterArchiveError } from './roster-archive-error';

// manifest.csv (OneRoster CSV 1.1 and 1.2): propertyName,value rows; oneroster.version, and file.<name> = bulk, delta
// or absent for every file of the set. Aula reads the roster files; the rest (gradebook, resources) are noted.

/** The files Aula reads, in the order their rows are checked (a file's references point at files before it). */
export const ROSTER_FILES = [
  'orgs',
  'academicSessions',
  'courses',
  'classes',
  'users',
  'roles',
  'userProfiles',
  'enrollments',
  'demographics',
] as const;
export type RosterFile = (typeof ROSTER_FILES)[number];

/** roles and userProfiles are 1.2 files; a 1.1 manifest naming them has them noted, not read. */
const ONLY_12: readonly RosterFile[] = ['roles', 'userProfiles'];

export interface Manifest {
  version: OneRosterVersion;
  /** delta when any file read is delta */
  mode: RosterImportMode;
  /** the roster files the manifest names as bulk or delta */
  files: Map<RosterFile, RosterImportMode>;
  /** other files named bulk or delta (e.g. results.csv): they must be in the archive; they are not read */
  otherFiles: string[];
}

function modeOf(property: string, value: string): RosterImportMode | 'absent' {
  const v = value.toLowerCase();
  if (v === 'bulk' || v === 'delta' || v === 'absent') return v;
  throw new RosterArchiveError('manifestMode', { property, value });
}

export async function readManifest(stream: Readable): Promise<Manifest> {
  // property names are matched in any case; file names keep the case the manifest writes
  const props = new Map<string, { name: string; value: string }>();
  await readCsv(stream, 'manifest.csv', {
    header: (names) => {
      const [name, value] = names.map((h) => h.toLowerCase());
      if (name !== 'propertyname' || value !== 'value') throw new RosterArchiveError('manifestHeader');
    },
    record: (r) => {
      const name = r.values[0] ?? '';
      props.set(name.toLowerCase(), { name, value: r.values[1] ?? '' });
    },
  });
  const given = props.get('oneroster.version')?.value ?? '';
  // '1.1', also written '1.1.0' or 'v1.1'
  const version = ONEROSTER_VERSIONS.find((v) => given.replace(/^v/i, '').replace(/\.0$/, '') === v);
  if (!version) throw new RosterArchiveError('manifestVersion', { version: given });

  const files = new Map<RosterFile, RosterImportMode>();
  const otherFiles: string[] = [];
  for (const [key, { name, value: raw }] of props) {
    if (!key.startsWith('file.')) continue;
    const file = name.slice('file.'.length);
    const mode = modeOf(name, raw);
    if (mode === 'absent') continue;
    const known = ROSTER_FILES.find((f) => f.toLowerCase() === file.toLowerCase());
    if (known && !(version === '1.1' && ONLY_12.includes(known))) files.set(known, mode);
    else otherFiles.push(`${known ?? file}.csv`);
  }
  if (files.size === 0) throw new RosterArchiveError('noRosterFiles');
  const mode: RosterImportMode = [...files.values()].includes('delta') ? 'delta' : 'bulk';
  return { version, mode, files, otherFiles };
}
