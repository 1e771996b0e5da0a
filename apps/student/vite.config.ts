import { webAppConfig } from '@aula/web/vite-config.ts';
import { STUDENT_BUTTON_MIN_WIDTH } from './src/config/buttons';

export default webAppConfig({
  app: 'student',
  port: 5174,
  previewPort: 4174,
  buttonMinWidth: STUDENT_BUTTON_MIN_WIDTH,
  // opened directly with a stored session, these pages' code starts with the entry and their first calls at once
  // (docs/performance-front-end.md)
  routePreloads: [
    // the student's assignments (features/home/api.ts)
    {
      path: '^/$',
      modules: ['apps/student/src/features/home/components/home-page.tsx'],
      calls: ['/student/assignments'],
    },
    {
      path: '^/work/(\\d{1,9})/?$',
      modules: ['apps/student/src/features/work/components/work-page.tsx', 'apps/student/src/features/work/api.ts'],
      // ATTEMPT_PATHS.attempt (packages/domain/src/attempts.ts): the attempt the page shows
      calls: ['/student/attempts/$1'],
      // WorkHeader's look (work-header.tsx) with the attempt's activity and assignment, drawn as the attempt
      // arrives; a submitted attempt's review words its subtitle otherwise, so it waits for the app
      head: {
        call: 0,
        title: ['data', 'activity', 'title'],
        subtitle: ['data', 'assignment', 'name'],
        unless: [['data', 'attempt', 'status'], 'submitted'],
        back: 'studentWork.player.back',
      },
    },
  ],
});
