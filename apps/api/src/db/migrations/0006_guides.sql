CREATE TABLE "guide_activities" (
	"guide_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "guide_activities_guide_id_activity_id_pk" PRIMARY KEY("guide_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain_id" integer NOT NULL,
	"account_id" integer,
	"title" text NOT NULL,
	"description" text,
	"file_name" text NOT NULL,
	"file_stored" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"cover_url" text,
	"cover_stored" text[],
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guide_activities" ADD CONSTRAINT "guide_activities_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_activities" ADD CONSTRAINT "guide_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guide_activities_activity_idx" ON "guide_activities" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "guides_domain_idx" ON "guides" USING btree ("domain_id","account_id");