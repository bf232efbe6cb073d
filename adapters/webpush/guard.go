package webpush

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"syscall"
	"time"

	"interno/core/fault"
	"interno/core/push"
)

// Guard keeps the server from becoming a request forwarder: a push endpoint
// must be https on the default port of a host whose every address is public
// (never loopback, private, link-local, shared, multicast or reserved). It is
// checked when a device registers (Check) and again on every send
// (DialContext), where the connection goes to an address checked in that
// very call, so a host that resolves differently the second time (DNS
// rebinding) cannot reach a private address.
type Guard struct {
	// AllowLoopback admits loopback addresses, over http too. Tests only:
	// the local push service of the test suites listens on 127.0.0.1.
	AllowLoopback bool
	// Lookup resolves a host; nil uses the system resolver.
	Lookup func(ctx context.Context, host string) ([]netip.Addr, error)
	// DialTimeout bounds one connection attempt; zero means 5 seconds.
	DialTimeout time.Duration
}

// ErrRefusedAddress is the send-time refusal of a host that resolves to no
// allowed address; the device job is given up and the device dropped.
var ErrRefusedAddress = errors.New("push endpoint resolves to no public address")

var errUnresolvable = fault.New(fault.Invalid, "endpoint's host does not resolve").WithReason("endpoint_not_allowed")

var errPort = fault.New(fault.Invalid, "endpoint must use https's default port").WithReason("invalid_subscription")

var errCheckFailed = fault.New(fault.Unavailable, "The push service's address could not be checked; please retry").WithReason("endpoint_check_failed")

// Shared address space, benchmarking, IETF protocol assignments, NAT64 and
// the other ranges netip's predicates do not cover.
var refused = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("64:ff9b:1::/48"),
	netip.MustParsePrefix("100::/64"),
	netip.MustParsePrefix("2001::/23"),
	netip.MustParsePrefix("2001:db8::/32"),
	netip.MustParsePrefix("2002::/16"),
}

// Allowed reports whether a push may be sent to addr.
func (g Guard) Allowed(addr netip.Addr) bool {
	addr = addr.Unmap().WithZone("")
	if !addr.IsValid() {
		return false
	}
	if addr.IsLoopback() {
		return g.AllowLoopback
	}
	if addr.IsPrivate() || addr.IsLinkLocalUnicast() || addr.IsLinkLocalMulticast() || addr.IsInterfaceLocalMulticast() ||
		addr.IsMulticast() || addr.IsUnspecified() || !addr.IsGlobalUnicast() {
		return false
	}
	for _, p := range refused {
		if p.Contains(addr) {
			return false
		}
	}
	return true
}

func (g Guard) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{ip}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if g.Lookup != nil {
		return g.Lookup(ctx, host)
	}
	return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
}

// Check judges an endpoint when a device registers (push.Endpoints).
func (g Guard) Check(ctx context.Context, endpoint string) error {
	u, err := url.Parse(endpoint)
	if err != nil || u.Hostname() == "" {
		return push.ErrEndpoint
	}
	addrs, err := g.lookup(ctx, u.Hostname())
	if err != nil {
		var dnsErr *net.DNSError
		if errors.As(err, &dnsErr) && dnsErr.IsNotFound {
			return errUnresolvable
		}
		return errCheckFailed.WithCause(err)
	}
	if len(addrs) == 0 {
		return errUnresolvable
	}
	loopback := true
	for _, a := range addrs {
		if !g.Allowed(a) {
			return push.ErrEndpointAddress
		}
		loopback = loopback && a.Unmap().IsLoopback()
	}
	local := g.AllowLoopback && loopback
	if u.Scheme != "https" && !(local && u.Scheme == "http") {
		return push.ErrEndpoint
	}
	if p := u.Port(); p != "" && p != "443" && !local {
		return errPort
	}
	return nil
}

// DialContext resolves the host, keeps only allowed addresses and dials
// those, the checked address itself; the dialer's Control refuses anything
// else as a last line.
func (g Guard) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	addrs, err := g.lookup(ctx, host)
	if err != nil {
		return nil, err
	}
	timeout := g.DialTimeout
	if timeout <= 0 {
		timeout = 5 * time.Second
	}
	d := net.Dialer{Timeout: timeout, Control: func(_, addr string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(addr)
		if err != nil || !g.Allowed(ap.Addr()) {
			return ErrRefusedAddress
		}
		return nil
	}}
	var last error = ErrRefusedAddress
	for _, a := range addrs {
		if !g.Allowed(a) {
			continue
		}
		conn, err := d.DialContext(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
		if err == nil {
			return conn, nil
		}
		last = err
	}
	return nil, fmt.Errorf("dial %s: %w", host, last)
}
