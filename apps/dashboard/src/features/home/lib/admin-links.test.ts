import { describe, expect, it } from 'vitest';
import { findRoute } from '../../../app/route-decision';
import { showsComingSoon } from '../../../config/routes';
import { ADMIN_LINKS } from './admin-links';

describe('the administration links on the provider staff home', () => {
  it('each opens a built page whose route asks for the link’s resource and actions', () => {
    for (const link of ADMIN_LINKS) {
      const def = findRoute(link.path)?.def;
      expect(def, link.path).toBeDefined();
      expect(showsComingSoon(def!), link.path).toBe(false);
      expect(def!.resource, link.path).toBe(link.resource);
      expect([...def!.actions].sort(), link.path).toEqual([...link.actions].sort());
    }
  });
});
