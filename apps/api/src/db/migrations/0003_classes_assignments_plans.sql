CREATE TABLE "academic_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer,
	"account_id" integer,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"school_year" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"sourced_id" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "academic_sessions_type_check" CHECK ("academic_sessions"."type" in ('full_year', 'semester', 'custom')),
	CONSTRAINT "academic_sessions_dates_check" CHECK ("academic_sessions"."end_date" >= "academic_sessions"."start_date")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"organization_id" integer,
	"title" text NOT NULL,
	"course_code" text,
	"sourced_id" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_classes" (
	"group_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	CONSTRAINT "group_classes_group_id_class_id_pk" PRIMARY KEY("group_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "group_users" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_type" text NOT NULL,
	CONSTRAINT "group_users_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"learner_type" text DEFAULT 'student' NOT NULL,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_group_users" (
	"lab_group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	CONSTRAINT "lab_group_users_lab_group_id_user_id_pk" PRIMARY KEY("lab_group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lab_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"assignment_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignment_activities" (
	"assignment_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"activity_version_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assignment_activities_assignment_id_activity_id_pk" PRIMARY KEY("assignment_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "assignment_members" (
	"assignment_id" integer NOT NULL,
	"member_type" text NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "assignment_members_assignment_id_member_type_member_id_pk" PRIMARY KEY("assignment_id","member_type","member_id"),
	CONSTRAINT "assignment_members_type_check" CHECK ("assignment_members"."member_type" in ('class', 'group', 'student'))
);
--> statement-breakpoint
CREATE TABLE "assignment_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"organization_id" integer,
	"assignment_set_id" integer,
	"name" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"plan_id" integer,
	"plan_assignment_id" integer,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_dates_check" CHECK ("assignments"."due_at" is null or "assignments"."due_at" >= "assignments"."start_at")
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"activity_version_id" integer,
	"student_id" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"progress_section" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempts_status_check" CHECK ("attempts"."status" in ('in_progress', 'submitted'))
);
--> statement-breakpoint
CREATE TABLE "pas_materialisations" (
	"plan_assignment_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pas_materialisations_plan_assignment_id_class_id_pk" PRIMARY KEY("plan_assignment_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "pas_plan_assignment_activities" (
	"plan_assignment_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"is_locked" smallint DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pas_plan_assignment_activities_plan_assignment_id_activity_id_pk" PRIMARY KEY("plan_assignment_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "pas_plan_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"date" date,
	"original_date" date,
	"original_date_name" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pas_plan_members" (
	"plan_id" integer NOT NULL,
	"member_type" text NOT NULL,
	"member_id" integer NOT NULL,
	"suspended" smallint DEFAULT 0 NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pas_plan_members_plan_id_member_type_member_id_pk" PRIMARY KEY("plan_id","member_type","member_id")
);
--> statement-breakpoint
CREATE TABLE "pas_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"product_id" integer,
	"academic_session_id" integer,
	"plan_type" smallint NOT NULL,
	"activities_per_assignment" integer DEFAULT 1 NOT NULL,
	"cron_day" integer,
	"assign_time" text DEFAULT '08:00' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"start_date" date,
	"end_date" date,
	"is_published" smallint DEFAULT 0 NOT NULL,
	"is_template" smallint DEFAULT 0 NOT NULL,
	"active_for_students" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pas_plans_type_check" CHECK ("pas_plans"."plan_type" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "pas_student_settings" (
	"plan_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "pas_student_settings_plan_id_student_id_pk" PRIMARY KEY("plan_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "academic_session_id" integer;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "grades" text;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "academic_sessions" ADD CONSTRAINT "academic_sessions_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_sessions" ADD CONSTRAINT "academic_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_classes" ADD CONSTRAINT "group_classes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_classes" ADD CONSTRAINT "group_classes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_users" ADD CONSTRAINT "group_users_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_users" ADD CONSTRAINT "group_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_group_users" ADD CONSTRAINT "lab_group_users_lab_group_id_lab_groups_id_fk" FOREIGN KEY ("lab_group_id") REFERENCES "public"."lab_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_group_users" ADD CONSTRAINT "lab_group_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_groups" ADD CONSTRAINT "lab_groups_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_activities" ADD CONSTRAINT "assignment_activities_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_activities" ADD CONSTRAINT "assignment_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_activities" ADD CONSTRAINT "assignment_activities_activity_version_id_activity_versions_id_fk" FOREIGN KEY ("activity_version_id") REFERENCES "public"."activity_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_members" ADD CONSTRAINT "assignment_members_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_sets" ADD CONSTRAINT "assignment_sets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_sets" ADD CONSTRAINT "assignment_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_assignment_set_id_assignment_sets_id_fk" FOREIGN KEY ("assignment_set_id") REFERENCES "public"."assignment_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_plan_id_pas_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pas_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_plan_assignment_id_pas_plan_assignments_id_fk" FOREIGN KEY ("plan_assignment_id") REFERENCES "public"."pas_plan_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_activity_version_id_activity_versions_id_fk" FOREIGN KEY ("activity_version_id") REFERENCES "public"."activity_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_materialisations" ADD CONSTRAINT "pas_materialisations_plan_assignment_id_pas_plan_assignments_id_fk" FOREIGN KEY ("plan_assignment_id") REFERENCES "public"."pas_plan_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_materialisations" ADD CONSTRAINT "pas_materialisations_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_materialisations" ADD CONSTRAINT "pas_materialisations_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_plan_assignment_activities" ADD CONSTRAINT "pas_plan_assignment_activities_plan_assignment_id_pas_plan_assignments_id_fk" FOREIGN KEY ("plan_assignment_id") REFERENCES "public"."pas_plan_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_plan_assignment_activities" ADD CONSTRAINT "pas_plan_assignment_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_plan_assignments" ADD CONSTRAINT "pas_plan_assignments_plan_id_pas_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pas_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_plan_members" ADD CONSTRAINT "pas_plan_members_plan_id_pas_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pas_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_plans" ADD CONSTRAINT "pas_plans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_plans" ADD CONSTRAINT "pas_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_plans" ADD CONSTRAINT "pas_plans_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_plans" ADD CONSTRAINT "pas_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_student_settings" ADD CONSTRAINT "pas_student_settings_plan_id_pas_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."pas_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pas_student_settings" ADD CONSTRAINT "pas_student_settings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academic_sessions_account_idx" ON "academic_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "courses_account_idx" ON "courses" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "group_classes_class_idx" ON "group_classes" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "group_users_user_idx" ON "group_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "groups_account_idx" ON "groups" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "groups_org_idx" ON "groups" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "lab_group_users_user_idx" ON "lab_group_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lab_groups_class_idx" ON "lab_groups" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "lab_groups_assignment_idx" ON "lab_groups" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "assignment_activities_activity_idx" ON "assignment_activities" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "assignment_members_member_idx" ON "assignment_members" USING btree ("member_type","member_id");--> statement-breakpoint
CREATE INDEX "assignment_sets_account_idx" ON "assignment_sets" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "assignments_account_idx" ON "assignments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "assignments_plan_assignment_idx" ON "assignments" USING btree ("plan_assignment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_unique" ON "attempts" USING btree ("assignment_id","activity_id","student_id");--> statement-breakpoint
CREATE INDEX "attempts_student_idx" ON "attempts" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "pas_plan_assignment_activities_activity_idx" ON "pas_plan_assignment_activities" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "pas_plan_assignments_plan_idx" ON "pas_plan_assignments" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "pas_plan_assignments_date_idx" ON "pas_plan_assignments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "pas_plan_members_member_idx" ON "pas_plan_members" USING btree ("member_type","member_id");--> statement-breakpoint
CREATE INDEX "pas_plans_account_idx" ON "pas_plans" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_academic_session_id_academic_sessions_id_fk" FOREIGN KEY ("academic_session_id") REFERENCES "public"."academic_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classes_course_idx" ON "classes" USING btree ("course_id");