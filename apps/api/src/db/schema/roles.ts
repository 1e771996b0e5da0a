import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, domains } from './tenancy';

// Custom roles. The built-in roles and their bundles live in code (@aula/domain/permissions);
// a custom role is a named list of permission names, owned by a domain or an account (or global when both are null).
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  // one of the UI label roles (Management, Developer, ...) this custom role is shown as
  label: text('label'),
  permissions: jsonb('permissions').$type<string[]>().notNull(),
  domainId: integer('domain_id').references(() => domains.id, { onDelete: 'cascade' }),
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
