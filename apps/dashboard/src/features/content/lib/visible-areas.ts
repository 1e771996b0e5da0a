import { can, type Policy } from '@aula/domain/permissions';
import { CONTENT_AREAS, type ContentArea } from '../../../config/content-areas';

/** The content areas this policy may open, in the landing page's order: built, and their access granted. */
export function visibleContentAreas(policy: Policy): ContentArea[] {
  return CONTENT_AREAS.filter((area) => area.built && can(policy, area.resource, area.actions));
}
