import {
  ACTIONS,
  RESOURCES,
  buildPolicy,
  isPermission,
  type Action,
  type Resource,
  type ResourceGrants,
} from '@aula/domain/permissions';
import type { CatalogueEntry } from '../roles.types';

// How the role form shows the permission catalogue: each permission under the resource it is about, what it grants
// as lines of "actions: resources", and the resource-by-action grid of a whole selection.

/** A permission's grants as lines, one per distinct set of actions, resources in the spec's order. */
export function grantLines(resources: ResourceGrants): { actions: Action[]; resources: Resource[] }[] {
  const lines = new Map<string, { actions: Action[]; resources: Resource[] }>();
  for (const resource of RESOURCES) {
    const actions = ACTIONS.filter((a) => resources[resource]?.includes(a));
    if (actions.length === 0) continue;
    const key = actions.join(',');
    const line = lines.get(key) ?? { actions, resources: [] };
    line.resources.push(resource);
    lines.set(key, line);
  }
  // the widest grant first (full access before view only)
  return [...lines.values()].sort((a, b) => b.actions.length - a.actions.length);
}

/** The resource a single permission is about: the first it grants other than the home page every permission opens. */
export function mainResource(entry: CatalogueEntry): Resource {
  return RESOURCES.find((r) => r !== 'main' && (entry.rules.resources[r]?.length ?? 0) > 0) ?? 'main';
}

/**
 * What the form offers: permissions the caller may grant, multi-domain-only ones only for a role of no domain.
 * `hiddenMultiDomain` counts the grantable ones left out for that reason, so the form can say so.
 */
export function offeredPermissions(
  catalogue: readonly CatalogueEntry[],
  roleIsMultiDomain: boolean,
): { offered: CatalogueEntry[]; hiddenMultiDomain: number } {
  const grantable = catalogue.filter((p) => p.grantable);
  const offered = grantable.filter((p) => roleIsMultiDomain || !p.multi_domain_only);
  return { offered, hiddenMultiDomain: grantable.length - offered.length };
}

export interface PermissionGroup {
  /** the resource the permissions are about, or 'bundles' for the built-in role bundles */
  key: Resource | 'bundles';
  entries: CatalogueEntry[];
}

/** Single permissions grouped by their resource in the spec's resource order, then the role bundles. */
export function groupPermissions(entries: readonly CatalogueEntry[]): PermissionGroup[] {
  const byResource = new Map<Resource, CatalogueEntry[]>();
  for (const entry of entries) {
    if (entry.bundle) continue;
    const resource = mainResource(entry);
    byResource.set(resource, [...(byResource.get(resource) ?? []), entry]);
  }
  const groups: PermissionGroup[] = RESOURCES.filter((r) => byResource.has(r)).map((r) => ({
    key: r,
    entries: byResource.get(r)!,
  }));
  const bundles = entries.filter((e) => e.bundle);
  if (bundles.length > 0) groups.push({ key: 'bundles', entries: bundles });
  return groups;
}

/** The resource-by-action grid a selection of permissions grants, as the guards will compute it for a holder. */
export function grantsOf(
  selected: readonly string[],
  roleIsMultiDomain: boolean,
): { resource: Resource; actions: Action[] }[] {
  const policy = buildPolicy(selected.filter(isPermission), { multiDomain: roleIsMultiDomain });
  return RESOURCES.filter((r) => (policy.resources[r]?.length ?? 0) > 0).map((resource) => ({
    resource,
    actions: policy.resources[resource] ?? [],
  }));
}
