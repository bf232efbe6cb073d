// Package fault is the small error vocabulary shared by every core package.
//
// Core packages describe failures with a Code (what kind of failure it is, in
// domain words) and a Message safe to show to API clients. The HTTP adapter maps
// codes to status codes in exactly one table, so no HTTP words live in core.
package fault

import (
	"errors"
	"fmt"
)

// Code classifies a failure so adapters can decide how to present it.
type Code string

// The codes, from the most to the least common. Their HTTP mapping lives in
// adapters/httpapi and nowhere else.
const (
	Invalid      Code = "invalid"      // input breaks a validation rule (422)
	BadRequest   Code = "bad_request"  // a business rule refuses the request as asked (400)
	NotFound     Code = "not_found"    // the thing does not exist or the caller may not know it does (404)
	Conflict     Code = "conflict"     // the request clashes with current state (409)
	Unauthorized Code = "unauthorized" // no identity, or a bad one (401)
	Forbidden    Code = "forbidden"    // identity known but not allowed (403)
	TooLarge     Code = "too_large"    // payload over a size or pixel limit (413)
	Unsupported  Code = "unsupported"  // payload of a type we do not accept (415)
	Throttled    Code = "throttled"    // too many attempts (429)
	Unavailable  Code = "unavailable"  // a dependency is down; the caller may retry (503)
	Internal     Code = "internal"     // a bug or an unexpected failure; details are logged, never shown
)

// FieldError names one invalid input field, in the shape API clients already
// understand (location path, message, machine type).
type FieldError struct {
	Loc  []string `json:"loc"`
	Msg  string   `json:"msg"`
	Type string   `json:"type"`
}

// Error is a failure with a code, a client-safe message and optional details.
type Error struct {
	Code    Code
	Message string
	// Reason is a stable machine-readable identifier ("email_taken", "slot_taken")
	// so clients can pick their own wording without parsing Message.
	Reason string
	// Fields lists invalid inputs for validation failures.
	Fields []FieldError
	// Extra carries structured details a client can act on (for example the
	// nearest free slots when a slot is taken). It must be JSON-serialisable.
	Extra map[string]any
	// RetryAfterSeconds tells throttled callers when to come back.
	RetryAfterSeconds int
	cause             error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.cause)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Unwrap exposes the underlying cause to errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.cause }

// Is makes two faults equal when code and reason match, so sentinel faults
// declared in core packages work with errors.Is even after WithCause or With.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	if !ok {
		return false
	}
	return e.Code == t.Code && e.Reason == t.Reason && e.Message == t.Message
}

// New builds a fault with a code and a client-safe message.
func New(code Code, message string) *Error {
	return &Error{Code: code, Message: message}
}

// Newf is New with formatting.
func Newf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// WithReason returns a copy carrying a machine-readable reason.
func (e *Error) WithReason(reason string) *Error {
	c := *e
	c.Reason = reason
	return &c
}

// WithCause returns a copy that wraps cause for logging; the cause is never shown.
func (e *Error) WithCause(cause error) *Error {
	c := *e
	c.cause = cause
	return &c
}

// With returns a copy carrying one more structured detail.
func (e *Error) With(key string, value any) *Error {
	c := *e
	c.Extra = make(map[string]any, len(e.Extra)+1)
	for k, v := range e.Extra {
		c.Extra[k] = v
	}
	c.Extra[key] = value
	return &c
}

// CodeOf returns the code of err, or Internal when err is not a fault.
func CodeOf(err error) Code {
	var f *Error
	if errors.As(err, &f) {
		return f.Code
	}
	return Internal
}

// As returns err as a fault when it is one.
func As(err error) (*Error, bool) {
	var f *Error
	ok := errors.As(err, &f)
	return f, ok
}

// Validation collects field errors and turns them into one Invalid fault.
type Validation struct {
	fields []FieldError
}

// Add records a problem with the named body field.
func (v *Validation) Add(field, msg string) {
	v.fields = append(v.fields, FieldError{Loc: []string{"body", field}, Msg: msg, Type: "value_error"})
}

// Check records msg for field when ok is false, and reports ok.
func (v *Validation) Check(ok bool, field, msg string) bool {
	if !ok {
		v.Add(field, msg)
	}
	return ok
}

// Err returns nil when nothing was recorded, else one Invalid fault listing every field.
func (v *Validation) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	msg := v.fields[0].Msg
	if len(v.fields) > 1 {
		msg = fmt.Sprintf("%s (and %d more problems)", msg, len(v.fields)-1)
	}
	return &Error{Code: Invalid, Message: msg, Reason: "validation", Fields: v.fields}
}

// InvalidField is a one-field validation failure.
func InvalidField(field, msg string) *Error {
	return &Error{Code: Invalid, Message: msg, Reason: "validation",
		Fields: []FieldError{{Loc: []string{"body", field}, Msg: msg, Type: "value_error"}}}
}
