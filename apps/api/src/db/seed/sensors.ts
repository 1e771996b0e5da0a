import { isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { sensors } from '../schema';

/** Provider-wide sensor kinds a lab embed may require (Vernier Go Direct devices). */
export const SENSOR_KINDS = [
  { name: 'Go Direct Temperature Probe', code: 'GDX-TMP' },
  { name: 'Go Direct Force and Acceleration Sensor', code: 'GDX-FOR' },
  { name: 'Go Direct Motion Detector', code: 'GDX-MD' },
  { name: 'Go Direct pH Sensor', code: 'GDX-PH' },
  { name: 'Go Direct Light and Color Sensor', code: 'GDX-LC' },
  { name: 'Go Direct Sound Sensor', code: 'GDX-SND' },
] as const;

/** Adds the provider-wide sensor kinds once (an existing provider-wide list is left as it is). */
export async function seedSensorKinds(db: DbOrTx): Promise<void> {
  const [existing] = await db.select({ id: sensors.id }).from(sensors).where(isNull(sensors.domainId)).limit(1);
  if (existing) return;
  await db.insert(sensors).values(SENSOR_KINDS.map((s) => ({ domainId: null, name: s.name, code: s.code })));
}
