// Command interno is the single binary of Interno: it serves the API and the
// web app, migrates the database, seeds demo data and creates admins.
//
//	interno serve                 run the server (migrates first)
//	interno migrate               apply pending database migrations
//	interno seed --demo           create the demo catalogue and accounts
//	interno admin create --email E --name N --password P
//	interno backup [--force] FILE       archive the database and uploads
//	interno restore [--force] [--check] FILE
//	interno healthcheck                 exit 0 when the local instance is ready
//
// Configuration comes only from INTERNO_* environment variables (see
// configs/interno.env.example). The wiring lives in internal/app, so that
// tests import exactly what this binary runs.
package main

import "interno/internal/app"

func main() { app.Main() }
