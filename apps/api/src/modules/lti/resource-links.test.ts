import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ltiDeployments, ltiPlatforms } from '../../db/schema';
import { createClass } from '../../db/seed/factories';
import { publishedActivity } from '../../../test/assignment-fixtures';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { buildWorld, type World } from '../../../test/tenancy-fixtures';
import { findResourceLinkByPlatformId, upsertResourceLink } from './resource-links.repo';

// The resource link a launch records (issue 18 items 3-5): one row per deployment + platform resource_link id, the
// AGS and NRPS endpoints kept across launches that leave them out.

let t: TestApp;
let w: World;
let deploymentId: number;
let otherDeploymentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
  const [platform] = await w.db
    .insert(ltiPlatforms)
    .values({
      name: 'Canvas',
      issuer: 'https://canvas.example.test',
      clientId: 'client-1',
      keySetUrl: 'https://canvas.example.test/jwks',
      accessTokenUrl: 'https://canvas.example.test/token',
      oidcAuthUrl: 'https://canvas.example.test/auth',
    })
    .returning();
  const deployments = await w.db
    .insert(ltiDeployments)
    .values([
      { platformId: platform!.id, deploymentId: 'dep-1', accountId: w.accA1.id },
      { platformId: platform!.id, deploymentId: 'dep-2', accountId: w.accA2.id },
    ])
    .returning();
  deploymentId = deployments[0]!.id;
  otherDeploymentId = deployments[1]!.id;
});
afterAll(async () => {
  await t.close();
});

describe('upsertResourceLink', () => {
  it('records a link with its AGS and NRPS endpoints, then refreshes it without losing what a launch left out', async () => {
    const activity = await publishedActivity(w.db, { domainId: w.domA.id, title: 'Forces' });
    const cls = await createClass(w.db, { accountId: w.accA1.id, organizationId: w.orgA1a.id });
    const first = await upsertResourceLink(w.db, {
      deploymentId,
      resourceLinkId: 'rl-1',
      contextId: 'course-9',
      contextTitle: 'Physics 9',
      activityId: activity.id,
      classId: cls.id,
      lineItemUrl: 'https://canvas.example.test/lineitems/1',
      lineItemsUrl: 'https://canvas.example.test/lineitems',
      agsScopes: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
      membershipsUrl: 'https://canvas.example.test/memberships',
    });
    expect(first).toMatchObject({
      deploymentId,
      resourceLinkId: 'rl-1',
      contextId: 'course-9',
      contextTitle: 'Physics 9',
      activityId: activity.id,
      assignmentId: null,
      classId: cls.id,
      lineItemUrl: 'https://canvas.example.test/lineitems/1',
      agsScopes: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
    });

    // a second launch without the AGS/NRPS claims: same row, new title, endpoints kept
    const second = await upsertResourceLink(w.db, {
      deploymentId,
      resourceLinkId: 'rl-1',
      contextId: 'course-9',
      contextTitle: 'Physics 9B',
    });
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({
      contextTitle: 'Physics 9B',
      activityId: activity.id,
      classId: cls.id,
      lineItemUrl: 'https://canvas.example.test/lineitems/1',
      membershipsUrl: 'https://canvas.example.test/memberships',
    });
    expect(second.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
    const { rows } = await w.pool.query('select count(*)::int as n from lti_resource_links');
    expect(rows[0].n).toBe(1);
  });

  it('the same platform resource link id in another deployment is another row', async () => {
    const other = await upsertResourceLink(w.db, {
      deploymentId: otherDeploymentId,
      resourceLinkId: 'rl-1',
      contextId: 'c',
    });
    expect(other.agsScopes).toEqual([]);
    expect(other.lineItemUrl).toBeNull();
    expect((await findResourceLinkByPlatformId(w.db, deploymentId, 'rl-1'))!.id).not.toBe(other.id);
  });

  it('refuses a link to a deployment that does not exist (foreign key), writing nothing', async () => {
    await expect(
      upsertResourceLink(w.db, { deploymentId: 999_999, resourceLinkId: 'x', contextId: 'c' }),
    ).rejects.toThrow();
    const { rows } = await w.pool.query(
      "select count(*)::int as n from lti_resource_links where resource_link_id = 'x'",
    );
    expect(rows[0].n).toBe(0);
  });
});
