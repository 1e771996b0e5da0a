import type { MediaBlockProps } from '../types';

/**
 * One media item on a screen: image, hosted or embedded video, simulation, lab embed, generic iframe or PDF.
 * (Placeholder until the media widgets land; the grid already calls it.)
 */
export function MediaBlock({ item, media }: MediaBlockProps) {
  return <div data-media-type={item.type}>{media?.title}</div>;
}
