import { webAppConfig } from '@aula/web/vite-config.ts';
import { STUDENT_BUTTON_MIN_WIDTH } from './src/config/buttons';

export default webAppConfig({
  app: 'student',
  port: 5174,
  previewPort: 4174,
  buttonMinWidth: STUDENT_BUTTON_MIN_WIDTH,
});
