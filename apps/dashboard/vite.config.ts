import { webAppConfig } from '@aula/web/vite-config.ts';

export default webAppConfig({ app: 'dashboard', port: 5173, previewPort: 4173 });
