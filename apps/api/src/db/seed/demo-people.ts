import { sql } from 'drizzle-orm';
import { DEFAULT_ACADEMIC_YEAR } from '@aula/domain/academic-sessions';
import type { Tx } from '../client';
import { academicSessions, products } from '../schema';
import { createProduct } from './catalogue-factories';

/**
 * Academic sessions and products of the demo district (issue 5): the default academic year 2025-2026 (Full Year)
 * with its two semesters, the same year as a template of the domain, and two more products with descriptions.
 */
export async function seedDemoPeople(tx: Tx, v: { domainId: number; accountId: number }): Promise<void> {
  const year = {
    domainId: v.domainId,
    type: 'full_year',
    schoolYear: DEFAULT_ACADEMIC_YEAR.schoolYear,
    startDate: DEFAULT_ACADEMIC_YEAR.startDate,
    endDate: DEFAULT_ACADEMIC_YEAR.endDate,
  };
  await tx.insert(academicSessions).values([
    { ...year, accountId: v.accountId, title: 'School Year' },
    { ...year, accountId: v.accountId, title: 'Fall Semester', type: 'semester', endDate: '2025-12-19' },
    { ...year, accountId: v.accountId, title: 'Spring Semester', type: 'semester', startDate: '2026-01-05' },
    { ...year, accountId: null, title: 'School Year', isTemplate: true },
  ]);
  await tx
    .update(products)
    .set({ description: 'Physical, life and earth science units for grades 6 to 8.' })
    .where(sql`${products.domainId} = ${v.domainId} and ${products.name} = 'Aula Middle School Science'`);
  for (const [name, description] of [
    ['Aula Elementary Science', 'Hands-on science for grades 3 to 5.'],
    ['Aula High School Chemistry', 'Labs and reviews for a full year of chemistry.'],
  ] as const) {
    const p = await createProduct(tx, { domainId: v.domainId, name });
    await tx
      .update(products)
      .set({ description })
      .where(sql`${products.id} = ${p.id}`);
  }
}
