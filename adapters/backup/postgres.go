package backup

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

// PostgresCommands are the pg_dump and pg_restore lines for the configured database,
// without its password.
type PostgresCommands struct {
	// Dump makes a custom-format dump (consistent: pg_dump reads one snapshot).
	Dump string
	// Restore replays it in one transaction, replacing the objects it contains.
	Restore string
	// DumpFile is the dump's file name, derived from the archive's.
	DumpFile string
	// HasPassword is true when the URL carried a password, which the commands leave out.
	HasPassword bool
}

// libpqParams are the URL parameters libpq (and so pg_dump) understands; the others are
// pgx-only and would make pg_dump refuse the URL.
var libpqParams = map[string]bool{
	"sslmode": true, "sslcert": true, "sslkey": true, "sslrootcert": true, "sslcrl": true, "sslpassword": false,
	"sslnegotiation": true, "sslsni": true, "requiressl": true, "channel_binding": true, "gssencmode": true,
	"connect_timeout": true, "application_name": true, "target_session_attrs": true, "options": true,
	"krbsrvname": true, "service": true, "passfile": true, "host": true, "hostaddr": true, "port": true,
	"dbname": true, "user": true, "load_balance_hosts": true, "keepalives": true,
}

// PgCommands builds the commands for a postgres:// URL. A search_path pointing at a schema
// other than public (how Interno is told to live in its own schema) becomes --schema.
func PgCommands(rawURL, archive string) (PostgresCommands, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return PostgresCommands{}, errors.New("INTERNO_DATABASE_URL is not a postgres:// URL")
	}
	var out PostgresCommands
	if u.User != nil {
		_, out.HasPassword = u.User.Password()
		u.User = url.User(u.User.Username())
	}
	q := u.Query()
	var schema string
	if sp := q.Get("search_path"); sp != "" {
		first := strings.TrimSpace(strings.Split(sp, ",")[0])
		if first != "" && first != "public" && first != "$user" {
			schema = first
		}
	}
	kept := url.Values{}
	for k, v := range q {
		if libpqParams[k] {
			kept[k] = v
		}
	}
	u.RawQuery = kept.Encode()
	base := filepath.Base(archive)
	for _, ext := range []string{".tar.gz", ".tgz", ".gz", ".tar"} {
		if strings.HasSuffix(base, ext) && len(base) > len(ext) {
			base = strings.TrimSuffix(base, ext)
			break
		}
	}
	out.DumpFile = filepath.Join(filepath.Dir(archive), base+".dump")
	dump := []string{"pg_dump", "--format=custom", "--no-owner", "--no-privileges"}
	if schema != "" {
		dump = append(dump, "--schema="+shellQuote(schema))
	}
	dump = append(dump, "--file="+shellQuote(out.DumpFile), "--dbname="+shellQuote(u.String()))
	out.Dump = strings.Join(dump, " ")
	out.Restore = strings.Join([]string{"pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges",
		"--single-transaction", "--exit-on-error", "--dbname=" + shellQuote(u.String()), shellQuote(out.DumpFile)}, " ")
	return out, nil
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:@=,+", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// String prints the commands for an operator.
func (c PostgresCommands) String() string {
	var b strings.Builder
	if c.HasPassword {
		b.WriteString("  the database: with the password of INTERNO_DATABASE_URL in PGPASSWORD or ~/.pgpass (it is not printed here), run:\n")
	} else {
		b.WriteString("  the database: run:\n")
	}
	fmt.Fprintf(&b, "    %s\n", c.Dump)
	fmt.Fprintf(&b, "  to restore it, stop every instance, then:\n    %s\n", c.Restore)
	return b.String()
}
