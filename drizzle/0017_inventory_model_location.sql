DROP INDEX "inventory_vehicles_vehicle_idx";--> statement-breakpoint
CREATE INDEX "inventory_vehicles_vehicle_idx" ON "inventory_vehicles" USING btree ("make","model","status","location_id");