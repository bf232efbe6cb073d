package app

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// healthcheckCommand is `interno healthcheck [--timeout 3s]`: it asks the local instance's
// readiness probe (/api/ready, which pings the database) on the configured INTERNO_ADDR and
// prints one line. The exit status (0 ready, 1 not) is what container health checks read;
// it needs no shell, curl or wget in the image.
func healthcheckCommand(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("healthcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", 3*time.Second, "give up after this long")
	if err := fs.Parse(args); err != nil {
		return errors.New("usage: interno healthcheck [--timeout 3s]")
	}
	if fs.NArg() > 0 || *timeout <= 0 {
		return errors.New("usage: interno healthcheck [--timeout 3s]")
	}
	url := "http://" + localAddr(cfg.Addr) + "/api/ready"
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("healthcheck: not ready: %s did not answer within %s", url, *timeout)
		}
		return fmt.Errorf("healthcheck: not ready: %s: %v", url, unwrapNet(err))
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
	if res.StatusCode != http.StatusOK {
		var e struct {
			Detail any    `json:"detail"`
			Reason string `json:"reason"`
		}
		why := ""
		if json.Unmarshal(body, &e) == nil && e.Reason != "" {
			why = fmt.Sprintf(" (%v, %s)", e.Detail, e.Reason)
		}
		return fmt.Errorf("healthcheck: not ready: %s answered %d%s", url, res.StatusCode, why)
	}
	fmt.Fprintf(stdout, "ready: %s answered 200\n", url)
	return nil
}

// localAddr turns a listen address into one to dial: an empty or wildcard host is this machine.
func localAddr(listen string) string {
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return listen
	}
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::", "[::]":
		host = "::1"
	}
	return net.JoinHostPort(host, port)
}

// unwrapNet keeps the useful end of a dial error ("connection refused").
func unwrapNet(err error) error {
	var op *net.OpError
	if errors.As(err, &op) && op.Err != nil {
		return op.Err
	}
	return err
}
