import { webAppConfig } from '@aula/web/vite-config.ts';

export default webAppConfig({ app: 'student', port: 5174, previewPort: 4174 });
