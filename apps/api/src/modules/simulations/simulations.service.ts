import type { SimulationListQuery } from '@aula/domain/simulations';
import { tenantScopeOf, type AuthContext } from '../../lib/auth-context';
import type { Deps } from '../../lib/deps';
import { findSensorsByIds, type SensorRow } from '../sensors/sensors.repo';
import * as repo from './simulations.repo';

export interface SimulationView {
  row: repo.MediaRow;
  sensors: SensorRow[];
  activities: { id: number; title: string }[];
}

/** GET list with params (002 section 7): the simulations the caller may see, each with the activities showing it. */
export async function listSimulations(
  deps: Deps,
  auth: AuthContext,
  f: SimulationListQuery,
): Promise<{ rows: SimulationView[]; total: number }> {
  const scope = tenantScopeOf(auth);
  const page = await repo.listSimulations(deps.db, scope, f);
  const ids = page.rows.map((r) => r.id);
  const [using, sensors] = await Promise.all([
    repo.activitiesUsing(deps.db, scope, ids),
    findSensorsByIds(deps.db, [...new Set(page.rows.flatMap((r) => r.sensorIds))]),
  ]);
  const sensorById = new Map(sensors.map((s) => [s.id, s]));
  return {
    total: page.total,
    rows: page.rows.map((row) => ({
      row,
      sensors: row.sensorIds.map((id) => sensorById.get(id)).filter((s): s is SensorRow => !!s),
      activities: using.get(row.id) ?? [],
    })),
  };
}
