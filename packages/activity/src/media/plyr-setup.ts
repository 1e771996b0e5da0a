// Loaded on demand by video-player.tsx: Plyr and its styles stay out of the first load.
import 'plyr/dist/plyr.css';
// Plyr's icon sprite (copied from plyr/dist/plyr.svg, MIT; the package does not export it) is served with the app:
// by default Plyr fetches it from its CDN
import plyrIcons from './plyr-icons.svg?url';

export { default as Plyr } from 'plyr';
export const PLYR_ICON_URL: string = plyrIcons;
