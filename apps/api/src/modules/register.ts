import type { FastifyInstance } from 'fastify';
import { notificationRoutes } from './notifications/notifications.routes';
import { realtimeRoutes } from './realtime/realtime.routes';
import { userTaskRoutes } from './user-tasks/user-tasks.routes';
import { accountRoutes } from './accounts/accounts.routes';
import { userRoutes } from './users/users.routes';
import { organizationRoutes } from './organizations/organizations.routes';
import { roleRoutes } from './roles/roles.routes';
import { domainRoutes } from './domains/domains.routes';
import { activityRoutes } from './activities/activities.routes';
import { folderRoutes } from './folders/folders.routes';
import { mediaFileRoutes, mediaRoutes } from './media/media.routes';
import { sensorRoutes } from './sensors/sensors.routes';
import { screenRoutes } from './screens/screens.routes';
import { activityCopyRoutes } from './activities/activity-copy.routes';
import { classRoutes } from './classes/classes.routes';
import { groupRoutes } from './groups/groups.routes';
import { studentRoutes } from './students/students.routes';
import { academicSessionRoutes } from './academic-sessions/academic-sessions.routes';
import { productRoutes } from './products/products.routes';
import { assignmentRoutes, studentAssignmentRoutes } from './assignments/assignments.routes';
import { pasPlanRoutes } from './pas-plans/pas-plans.routes';
import { staffAttemptRoutes, studentAttemptRoutes } from './attempts/attempts.routes';
import { emailRoutes } from './mail/mail.routes';
import { summaryRoutes } from './summaries/summaries.routes';
import { rosterQueueRoutes } from './rostering/queue/queue.routes';
import { rosterValidationRoutes } from './rostering/validation/validation.routes';

/**
 * Every feature module's routes, mounted in one place. A new module adds one line here.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(accountRoutes, { prefix: '/dashboard' });
  await app.register(userRoutes, { prefix: '/dashboard' });
  await app.register(organizationRoutes, { prefix: '/dashboard' });
  await app.register(roleRoutes, { prefix: '/dashboard' });
  await app.register(domainRoutes, { prefix: '/dashboard' });
  await app.register(activityRoutes, { prefix: '/dashboard' });
  await app.register(folderRoutes, { prefix: '/dashboard' });
  await app.register(realtimeRoutes);
  await app.register(notificationRoutes, { prefix: '/dashboard' });
  await app.register(userTaskRoutes, { prefix: '/dashboard' });
  await app.register(mediaRoutes, { prefix: '/dashboard' });
  await app.register(mediaFileRoutes);
  await app.register(sensorRoutes, { prefix: '/dashboard' });
  await app.register(screenRoutes, { prefix: '/dashboard' });
  await app.register(activityCopyRoutes, { prefix: '/dashboard' });
  await app.register(classRoutes, { prefix: '/dashboard' });
  await app.register(groupRoutes, { prefix: '/dashboard' });
  await app.register(studentRoutes, { prefix: '/dashboard' });
  await app.register(academicSessionRoutes, { prefix: '/dashboard' });
  await app.register(productRoutes, { prefix: '/dashboard' });
  await app.register(assignmentRoutes, { prefix: '/dashboard' });
  await app.register(studentAssignmentRoutes, { prefix: '/student' });
  await app.register(pasPlanRoutes, { prefix: '/dashboard' });
  await app.register(studentAttemptRoutes, { prefix: '/student' });
  await app.register(staffAttemptRoutes, { prefix: '/dashboard' });
  await app.register(emailRoutes, { prefix: '/dashboard' });
  await app.register(summaryRoutes, { prefix: '/dashboard' });
  await app.register(rosterQueueRoutes, { prefix: '/dashboard' });
  await app.register(rosterValidationRoutes, { prefix: '/dashboard' });
}
