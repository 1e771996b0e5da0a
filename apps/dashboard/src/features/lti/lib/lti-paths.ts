// The LTI pages' hrefs (001 section 2 routes; config/routes.ts holds the table).
export const ltiKeysHref = () => '/lti-keys';
export const ltiPlatformsHref = () => '/lti-platforms';
export const ltiPlatformCreateHref = () => '/create-lti-platform';
export const ltiPlatformHref = (id: number) => `/lti-platform/${id}`;
export const ltiDeploymentsHref = () => '/lti-deployments';
export const ltiDeploymentCreateHref = (platformId?: number) =>
  platformId ? `/lti-deployment/create?platform_id=${platformId}` : '/lti-deployment/create';
export const ltiDeploymentHref = (id: number) => `/lti-deployment/${id}`;
