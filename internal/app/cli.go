// Package app is the composition root of Interno: it reads the configuration,
// wires every adapter to the core and runs the commands of the interno binary
// (cmd/interno is only its entry point). Tests import it to get the same wiring
// the binary runs.
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
// configs/interno.env.example).
package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// version is set at build time with -ldflags "-X interno/internal/app.version=...".
var version = "dev"

// Main runs the interno command line with the process's arguments and
// environment, stopping gracefully on SIGINT or SIGTERM, and exits 1 on error.
func Main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, os.Args[1:], Environ(), os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "interno:", err)
		os.Exit(1)
	}
}

// Environ returns the process environment as a map.
func Environ() map[string]string {
	out := map[string]string{}
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok {
			out[k] = v
		}
	}
	return out
}

const usage = `usage: interno <command>

commands:
  serve                                         run the HTTP server (migrates first)
  migrate                                       apply pending database migrations
  seed --demo                                   create demo designers, customer, designer and admin
  admin create --email E --name N --password P  create an administrator
  backup [--force] FILE                         archive a live SQLite database with the uploads
                                                (on PostgreSQL: the uploads, and the pg_dump command)
  restore [--force] [--check] FILE              verify an archive, then restore it (--check: verify only)
  healthcheck [--timeout 3s]                    exit 0 when the instance on INTERNO_ADDR is ready
  version                                       print the version

Configuration is read from INTERNO_* environment variables.`

// Run runs one command of the interno binary.
func Run(ctx context.Context, args []string, env map[string]string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return errors.New("no command given")
	}
	switch args[0] {
	case "version":
		fmt.Fprintln(stdout, version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return nil
	}
	cfg, err := loadConfig(env)
	if err != nil {
		return err
	}
	switch args[0] {
	case "serve":
		return serve(ctx, cfg, stdout)
	case "migrate":
		return withApp(ctx, cfg, stdout, func(a *app) error {
			v, err := a.db.MigrationVersion(ctx)
			if err == nil {
				fmt.Fprintf(stdout, "database at migration version %d\n", v)
			}
			return err
		})
	case "seed":
		fs := flag.NewFlagSet("seed", flag.ContinueOnError)
		fs.SetOutput(stderr)
		demo := fs.Bool("demo", false, "create the demo catalogue and accounts")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if !*demo {
			return errors.New("seed: only --demo is supported")
		}
		return withApp(ctx, cfg, stdout, func(a *app) error { return a.seedDemo(ctx, stdout) })
	case "admin":
		return adminCommand(ctx, cfg, args[1:], stdout, stderr)
	case "backup":
		return backupCommand(ctx, cfg, args[1:], stdout, stderr)
	case "restore":
		return restoreCommand(ctx, cfg, args[1:], stdout, stderr)
	case "healthcheck":
		return healthcheckCommand(ctx, cfg, args[1:], stdout, stderr)
	}
	fmt.Fprintln(stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}

func adminCommand(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("admin: usage: interno admin create --email E --name N --password P")
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	email := fs.String("email", "", "administrator e-mail")
	name := fs.String("name", "", "administrator name")
	password := fs.String("password", "", "password (at least 8 characters)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	return withApp(ctx, cfg, stdout, func(a *app) error {
		u, err := a.identity.CreateAdmin(ctx, *email, *name, *password)
		if err != nil {
			return fmt.Errorf("admin create: %w", err)
		}
		fmt.Fprintf(stdout, "admin %s created with id %d\n", u.Email, u.ID)
		return nil
	})
}

// withApp opens and migrates the database, runs fn and closes everything.
func withApp(ctx context.Context, cfg Config, stdout io.Writer, fn func(a *app) error) error {
	a, err := newApp(ctx, cfg, stdout)
	if err != nil {
		return err
	}
	defer a.close()
	return fn(a)
}
