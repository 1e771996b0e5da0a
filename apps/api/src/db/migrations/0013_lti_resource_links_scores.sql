CREATE TABLE "lti_resource_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"deployment_id" integer NOT NULL,
	"resource_link_id" text NOT NULL,
	"context_id" text NOT NULL,
	"context_title" text,
	"activity_id" integer,
	"assignment_id" integer,
	"class_id" integer,
	"line_item_url" text,
	"line_items_url" text,
	"line_item_claimed_at" timestamp with time zone,
	"ags_scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"memberships_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_score_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_link_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"score_given" double precision NOT NULL,
	"score_maximum" double precision NOT NULL,
	"activity_progress" text NOT NULL,
	"grading_progress" text NOT NULL,
	"scored_at" timestamp with time zone NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_score_sends_status_check" CHECK ("lti_score_sends"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_deployment_id_lti_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."lti_deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_resource_links" ADD CONSTRAINT "lti_resource_links_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_sends" ADD CONSTRAINT "lti_score_sends_resource_link_id_lti_resource_links_id_fk" FOREIGN KEY ("resource_link_id") REFERENCES "public"."lti_resource_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_sends" ADD CONSTRAINT "lti_score_sends_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_sends" ADD CONSTRAINT "lti_score_sends_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_resource_links_deployment_link_unique" ON "lti_resource_links" USING btree ("deployment_id","resource_link_id");--> statement-breakpoint
CREATE INDEX "lti_resource_links_assignment_idx" ON "lti_resource_links" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "lti_resource_links_activity_idx" ON "lti_resource_links" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "lti_resource_links_class_idx" ON "lti_resource_links" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_score_sends_link_student_unique" ON "lti_score_sends" USING btree ("resource_link_id","student_id");--> statement-breakpoint
CREATE INDEX "lti_score_sends_assignment_idx" ON "lti_score_sends" USING btree ("assignment_id");