CREATE TABLE "weather_daily_temperatures" (
	"station_id" text NOT NULL,
	"day" date NOT NULL,
	"mean_f" double precision NOT NULL,
	CONSTRAINT "weather_daily_temperatures_station_id_day_pk" PRIMARY KEY("station_id","day")
);
--> statement-breakpoint
CREATE TABLE "weather_station_months" (
	"station_id" text NOT NULL,
	"month" varchar(7) NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"complete" boolean NOT NULL,
	CONSTRAINT "weather_station_months_station_id_month_pk" PRIMARY KEY("station_id","month")
);
