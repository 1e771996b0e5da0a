import type { MemberType } from '@aula/domain/assignments';
import type { PersonRef } from '../assignments.types';

// The assign form's members as strings ('class:12'), so a checkbox list can hold classes, groups and students.

export type MemberKey = `${MemberType}:${number}`;

export const keyOf = (type: MemberType, id: number): MemberKey => `${type}:${id}`;

export const parseKey = (k: MemberKey) => {
  const [type, id] = k.split(':') as [MemberType, string];
  return { member_type: type, member_id: Number(id) };
};

export const fullName = (p: PersonRef) => `${p.first_name} ${p.last_name}`;
