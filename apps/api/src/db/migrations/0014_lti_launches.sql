CREATE TABLE "lti_launch_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce_hash" text NOT NULL,
	"platform_id" integer NOT NULL,
	"deployment_hint" text,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_launches" (
	"id" serial PRIMARY KEY NOT NULL,
	"handoff_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"deployment_id" integer NOT NULL,
	"scope" text NOT NULL,
	"message_type" text NOT NULL,
	"target_path" text NOT NULL,
	"deep_linking" jsonb,
	"handoff_used_at" timestamp with time zone,
	"handoff_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_launches_scope_check" CHECK ("lti_launches"."scope" in ('student', 'dashboard'))
);
--> statement-breakpoint
ALTER TABLE "lti_launch_states" ADD CONSTRAINT "lti_launch_states_platform_id_lti_platforms_id_fk" FOREIGN KEY ("platform_id") REFERENCES "public"."lti_platforms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_launches" ADD CONSTRAINT "lti_launches_deployment_id_lti_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."lti_deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lti_launch_states_expires_idx" ON "lti_launch_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lti_launches_handoff_unique" ON "lti_launches" USING btree ("handoff_hash");--> statement-breakpoint
CREATE INDEX "lti_launches_user_idx" ON "lti_launches" USING btree ("user_id");