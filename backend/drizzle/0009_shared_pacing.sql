CREATE TABLE "integration_pace" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requests_limit" integer,
	"requests_left" double precision,
	"requests_per_second" double precision,
	"tokens_limit" integer,
	"tokens_left" double precision,
	"tokens_per_second" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
