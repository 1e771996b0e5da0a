import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sensors } from '../../db/schema';
import type { TenantScope } from '../../lib/auth-context';
import { likePattern, offsetOf, type PageRequest, type PageResult } from '../accounts/listing';

export type SensorRow = typeof sensors.$inferSelect;

/** Sensor kinds are provider-wide (domain null) or a domain's own; a caller sees the provider's and their domain's. */
export function sensorVisible(scope: TenantScope): SQL | undefined {
  if (scope.kind === 'global') return undefined;
  return or(isNull(sensors.domainId), eq(sensors.domainId, scope.domainId));
}

export async function listSensors(
  db: DbOrTx,
  scope: TenantScope,
  f: PageRequest & { search?: string | undefined },
): Promise<PageResult<SensorRow>> {
  const cond = and(sensorVisible(scope), f.search ? ilike(sensors.name, likePattern(f.search)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sensors)
      .where(cond)
      .orderBy(asc(sensors.name), asc(sensors.id))
      .limit(f.per_page)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(sensors).where(cond),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every sensor kind the caller sees, by name (the builder's picker, the renderer's names). */
export async function listVisibleSensors(db: DbOrTx, scope: TenantScope): Promise<SensorRow[]> {
  return db.select().from(sensors).where(sensorVisible(scope)).orderBy(asc(sensors.name), asc(sensors.id));
}

/** Of these ids, the sensors visible in a domain (the provider's and the domain's own). */
export async function findSensorsForDomain(db: DbOrTx, domainId: number, ids: number[]): Promise<SensorRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(sensors)
    .where(and(inArray(sensors.id, ids), or(isNull(sensors.domainId), eq(sensors.domainId, domainId))));
}

export async function findSensorsByIds(db: DbOrTx, ids: number[]): Promise<SensorRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(sensors).where(inArray(sensors.id, ids));
}

export async function findSensor(db: DbOrTx, scope: TenantScope, id: number): Promise<SensorRow | undefined> {
  const [row] = await db
    .select()
    .from(sensors)
    .where(and(eq(sensors.id, id), sensorVisible(scope)));
  return row;
}

export async function insertSensor(
  db: DbOrTx,
  values: { domainId: number | null; name: string; code: string },
): Promise<SensorRow> {
  const [row] = await db.insert(sensors).values(values).returning();
  return row!;
}

export async function updateSensor(db: DbOrTx, id: number, values: { name: string; code: string }): Promise<SensorRow> {
  const [row] = await db
    .update(sensors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sensors.id, id))
    .returning();
  return row!;
}

export async function deleteSensor(db: DbOrTx, id: number): Promise<void> {
  await db.delete(sensors).where(eq(sensors.id, id));
}
