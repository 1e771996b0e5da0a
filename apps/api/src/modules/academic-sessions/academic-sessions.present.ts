import { schoolYearLabel, type AcademicSessionType } from '@aula/domain/academic-sessions';
import type { LanguageCode } from '@aula/domain/languages';
import { translate } from '@aula/i18n/translate';
import type { AcademicSessionRow, SchoolYear } from './academic-sessions.service';

/** An academic session on the wire, with its school-year label ('(2025-2026)'). */
export function presentSession(s: AcademicSessionRow) {
  return {
    id: s.id,
    title: s.title,
    type: s.type,
    school_year: s.schoolYear,
    school_year_label: schoolYearLabel(s.schoolYear),
    start_date: s.startDate,
    end_date: s.endDate,
    account_id: s.accountId,
    domain_id: s.domainId,
    is_template: s.isTemplate,
    sourced_id: s.sourcedId,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export function presentSchoolYear(y: SchoolYear) {
  return {
    school_year: y.schoolYear,
    label: schoolYearLabel(y.schoolYear),
    start_date: y.startDate,
    end_date: y.endDate,
    sessions_count: y.sessionsCount,
  };
}

/** GET types: the value stored and the spec's name in the caller's language. */
export function presentType(type: AcademicSessionType, lang: LanguageCode) {
  return { value: type, name: translate(lang, `academicSessions.types.${type}`) };
}
