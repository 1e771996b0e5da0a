CREATE TABLE "roster_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue_id" integer NOT NULL,
	"entity" text NOT NULL,
	"action" text NOT NULL,
	"sourced_id" text NOT NULL,
	"label" text NOT NULL,
	"target_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"candidates" jsonb
);
--> statement-breakpoint
CREATE TABLE "roster_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue_id" integer NOT NULL,
	"level" text NOT NULL,
	"file" text,
	"row" integer,
	"column" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roster_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"domain_id" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"data_type" text NOT NULL,
	"import_type" text DEFAULT 'bulk' NOT NULL,
	"source_id" integer,
	"file_path" text,
	"file_name" text,
	"snapshot" jsonb,
	"diff_summary" jsonb,
	"sanity" jsonb,
	"created_by" integer,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "roster_changes" ADD CONSTRAINT "roster_changes_queue_id_roster_queue_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."roster_queue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_logs" ADD CONSTRAINT "roster_logs_queue_id_roster_queue_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."roster_queue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_queue" ADD CONSTRAINT "roster_queue_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_queue" ADD CONSTRAINT "roster_queue_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_queue" ADD CONSTRAINT "roster_queue_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_queue" ADD CONSTRAINT "roster_queue_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_changes_queue_idx" ON "roster_changes" USING btree ("queue_id","entity","action");--> statement-breakpoint
CREATE INDEX "roster_logs_queue_idx" ON "roster_logs" USING btree ("queue_id","id");--> statement-breakpoint
CREATE INDEX "roster_queue_account_idx" ON "roster_queue" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "roster_queue_status_idx" ON "roster_queue" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_account_sourced_id_unique" ON "organizations" USING btree ("account_id","sourced_id") WHERE "organizations"."sourced_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_sourced_id_unique" ON "users" USING btree ("account_id","sourced_id") WHERE "users"."sourced_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "academic_sessions_account_sourced_id_unique" ON "academic_sessions" USING btree ("account_id","sourced_id") WHERE "academic_sessions"."sourced_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "classes_account_sourced_id_unique" ON "classes" USING btree ("account_id","sourced_id") WHERE "classes"."sourced_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "courses_account_sourced_id_unique" ON "courses" USING btree ("account_id","sourced_id") WHERE "courses"."sourced_id" is not null;