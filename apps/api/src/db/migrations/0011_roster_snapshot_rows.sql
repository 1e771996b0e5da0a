CREATE TABLE "roster_snapshot_rows" (
	"queue_id" integer NOT NULL,
	"list" text NOT NULL,
	"chunk" integer NOT NULL,
	"rows" json NOT NULL,
	CONSTRAINT "roster_snapshot_rows_queue_id_list_chunk_pk" PRIMARY KEY("queue_id","list","chunk")
);
--> statement-breakpoint
ALTER TABLE "roster_changes" DROP CONSTRAINT "roster_changes_queue_id_roster_queue_id_fk";
--> statement-breakpoint
ALTER TABLE "roster_snapshot_rows" ADD CONSTRAINT "roster_snapshot_rows_queue_id_roster_queue_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."roster_queue"("id") ON DELETE cascade ON UPDATE no action;