package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
)

// statusOf is the one table mapping core fault codes to HTTP status codes.
var statusOf = map[fault.Code]int{
	fault.Invalid:      http.StatusUnprocessableEntity,
	fault.BadRequest:   http.StatusBadRequest,
	fault.NotFound:     http.StatusNotFound,
	fault.Conflict:     http.StatusConflict,
	fault.Unauthorized: http.StatusUnauthorized,
	fault.Forbidden:    http.StatusForbidden,
	fault.TooLarge:     http.StatusRequestEntityTooLarge,
	fault.Unsupported:  http.StatusUnsupportedMediaType,
	fault.Throttled:    http.StatusTooManyRequests,
	fault.Unavailable:  http.StatusServiceUnavailable,
	fault.Internal:     http.StatusInternalServerError,
}

// statusClientClosedRequest is the status (nginx's 499) recorded for a request
// whose client went away before the answer: nobody reads it, and it is not a
// server failure, so it is logged as information, never as an ERROR.
const statusClientClosedRequest = 499

// clientGone reports whether err comes from the client closing the request:
// its context was cancelled and the failure is the cancellation itself or an
// internal one that followed it (drivers report an interrupted query in their
// own words). A fault the handler chose (404, 422...) is rendered as usual.
func clientGone(c *gin.Context, err error) bool {
	if c.Request.Context().Err() == nil {
		return false
	}
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || fault.CodeOf(err) == fault.Internal
}

// errInternal is what clients see for anything that is not a fault.
var errInternal = fault.New(fault.Internal, "Internal error").WithReason("internal")

// renderErrors turns the last error a handler attached with c.Error into the
// JSON error body, logging internal errors with the request id. It runs as the
// innermost middleware so the idempotency layer sees the final response.
func renderErrors(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Next()
		if len(c.Errors) == 0 || c.Writer.Written() {
			return
		}
		err := c.Errors.Last().Err
		writeError(c, log, err)
	}
}

func writeError(c *gin.Context, log *slog.Logger, err error) {
	if clientGone(c, err) {
		log.InfoContext(c.Request.Context(), "client closed request",
			"method", c.Request.Method, "path", c.Request.URL.Path, "error", err.Error())
		c.AbortWithStatus(statusClientClosedRequest)
		return
	}
	f, ok := fault.As(err)
	if !ok {
		var maxErr *http.MaxBytesError
		switch {
		case errors.As(err, &maxErr):
			f = fault.New(fault.TooLarge, "Request body too large").WithReason("body_too_large")
		case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
			f = fault.New(fault.Invalid, "Request body is incomplete or empty").WithReason("bad_body")
		default:
			f = errInternal
		}
	}
	status := statusOf[f.Code]
	if status == 0 {
		status = http.StatusInternalServerError
	}
	if status >= 500 {
		log.ErrorContext(c.Request.Context(), "request failed",
			"method", c.Request.Method, "path", c.Request.URL.Path, "error", err.Error())
		if f.Code == fault.Internal {
			f = errInternal
		}
	}
	body := gin.H{"detail": f.Message}
	if len(f.Fields) > 0 {
		body["detail"] = f.Fields
	}
	if f.Reason != "" {
		body["reason"] = f.Reason
	}
	for k, v := range f.Extra {
		if k != "detail" && k != "reason" {
			body[k] = v
		}
	}
	if f.RetryAfterSeconds > 0 {
		c.Header("Retry-After", strconv.Itoa(f.RetryAfterSeconds))
	}
	c.AbortWithStatusJSON(status, body)
}

// bindJSON decodes the request body into dst, recording a clear 422 on failure.
func bindJSON(c *gin.Context, dst any) bool {
	dec := json.NewDecoder(c.Request.Body)
	if err := dec.Decode(dst); err != nil {
		var maxErr *http.MaxBytesError
		var typeErr *json.UnmarshalTypeError
		switch {
		case errors.As(err, &maxErr):
			_ = c.Error(fault.New(fault.TooLarge, "Request body too large").WithReason("body_too_large"))
		case errors.Is(err, io.EOF):
			_ = c.Error(fault.New(fault.Invalid, "Request body is empty; JSON expected").WithReason("bad_body"))
		case errors.As(err, &typeErr):
			field := typeErr.Field
			if field == "" {
				field = "body"
			}
			_ = c.Error(fault.InvalidField(field, "Wrong type for "+field+": expected "+typeErr.Type.String()))
		default:
			_ = c.Error(fault.New(fault.Invalid, "Malformed JSON body").WithReason("bad_body"))
		}
		return false
	}
	return true
}

// pathID parses a positive integer path parameter, recording a 422 otherwise.
func pathID(c *gin.Context, name string) (int64, bool) {
	id, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || id <= 0 {
		_ = c.Error(fault.Newf(fault.Invalid, "%s must be a positive integer", name).WithReason("validation"))
		return 0, false
	}
	return id, true
}
