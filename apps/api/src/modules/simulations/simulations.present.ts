import type { SimulationDto, SimulationProvider } from '@aula/domain/simulations';
import { absoluteMediaUrl } from '../media/media.present';
import type { SimulationView } from './simulations.service';

export function presentSimulation(view: SimulationView, base: string): SimulationDto {
  const { row } = view;
  const oembed = row.meta.oembed as { thumbnail_url?: string | null } | undefined;
  return {
    id: row.id,
    title: row.title,
    provider: row.type as SimulationProvider,
    url: row.location === null ? null : absoluteMediaUrl(base, row.location),
    thumbnail: row.images ? absoluteMediaUrl(base, row.images.small) : (oembed?.thumbnail_url ?? null),
    sensors: view.sensors.map((s) => ({ id: s.id, name: s.name })),
    activities: view.activities,
  };
}
