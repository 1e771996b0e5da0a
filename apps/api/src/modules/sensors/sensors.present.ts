import type { SensorRow } from './sensors.repo';

export function presentSensor(row: SensorRow) {
  return { id: row.id, name: row.name, code: row.code, domain_id: row.domainId };
}
