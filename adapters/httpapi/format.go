package httpapi

import "time"

// rfc3339 formats times for the API: RFC 3339 with offset, in UTC.
func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}
