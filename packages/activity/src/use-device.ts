import { useSyncExternalStore } from 'react';
import { deviceForWidth } from './grid-span';
import type { PreviewDevice, RenderContext } from './types';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const windowDevice = () => deviceForWidth(window.innerWidth);

/** The device the screen is laid out for: the preview's chosen device, else the window's width. */
export function useDevice(context: RenderContext): PreviewDevice {
  const fromWindow = useSyncExternalStore(subscribe, windowDevice, () => 'desktop' as const);
  return context.device ?? fromWindow;
}
