package deploy_test

import (
	"context"
	"maps"
	"net/netip"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
	"github.com/tufanbarisyildirim/gonginx/config"
	ngparser "github.com/tufanbarisyildirim/gonginx/parser"
)

var secrets = map[string]string{
	"INTERNO_JWT_SECRET": "0123456789abcdef0123456789abcdef0123456789",
	"POSTGRES_PASSWORD":  "a-database-password",
}

// loadCompose loads docker-compose.yml as `docker compose` would, with only env as the
// environment (no .env file, nothing from the machine running the test).
func loadCompose(t *testing.T, env map[string]string, profiles ...string) (*types.Project, error) {
	t.Helper()
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	var list []string
	for k, v := range env {
		list = append(list, k+"="+v)
	}
	opts, err := cli.NewProjectOptions([]string{filepath.Join(abs, "docker-compose.yml")},
		cli.WithWorkingDirectory(abs), cli.WithName("interno"), cli.WithEnv(list), cli.WithProfiles(profiles))
	if err != nil {
		t.Fatal(err)
	}
	return opts.LoadProject(context.Background())
}

func mustCompose(t *testing.T, env map[string]string, profiles ...string) *types.Project {
	t.Helper()
	p, err := loadCompose(t, env, profiles...)
	if err != nil {
		t.Fatalf("docker-compose.yml does not load: %v", err)
	}
	return p
}

func env(s types.ServiceConfig, key string) string {
	if v := s.Environment[key]; v != nil {
		return *v
	}
	return ""
}

// appServices are the services built from this repository's Dockerfile.
func appServices(p *types.Project) []string {
	var out []string
	for name, s := range p.Services {
		if s.Build != nil {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

func TestCompose_SecretsAreRequired(t *testing.T) {
	for _, missing := range slices.Sorted(maps.Keys(secrets)) {
		env := maps.Clone(secrets)
		delete(env, missing)
		_, err := loadCompose(t, env)
		if err == nil || !strings.Contains(err.Error(), missing) {
			t.Errorf("without %s: err = %v, want a refusal naming it", missing, err)
		}
	}
}

func TestCompose_OneInstance(t *testing.T) {
	p := mustCompose(t, secrets)
	if got := slices.Sorted(maps.Keys(p.Services)); !slices.Equal(got, []string{"app", "db"}) {
		t.Fatalf("default services %v, want app and db", got)
	}
	app, db := p.Services["app"], p.Services["db"]
	if env(app, "INTERNO_DEMO") != "false" {
		t.Errorf("INTERNO_DEMO = %q by default, want false", env(app, "INTERNO_DEMO"))
	}
	if env(app, "INTERNO_JWT_SECRET") != secrets["INTERNO_JWT_SECRET"] {
		t.Errorf("INTERNO_JWT_SECRET = %q, not the operator's", env(app, "INTERNO_JWT_SECRET"))
	}
	if u := env(app, "INTERNO_DATABASE_URL"); !strings.HasPrefix(u, "postgres://") || !strings.Contains(u, ":"+secrets["POSTGRES_PASSWORD"]+"@db:5432/") {
		t.Errorf("INTERNO_DATABASE_URL = %q", u)
	}
	if env(db, "POSTGRES_PASSWORD") != secrets["POSTGRES_PASSWORD"] {
		t.Error("the database does not take POSTGRES_PASSWORD")
	}
	for _, name := range []string{"app", "db"} {
		s := p.Services[name]
		if s.Restart != "unless-stopped" && s.Restart != "always" {
			t.Errorf("%s restart policy %q", name, s.Restart)
		}
		if s.HealthCheck == nil || len(s.HealthCheck.Test) == 0 || s.HealthCheck.Disable {
			t.Errorf("%s has no health check", name)
		}
	}
	if app.HealthCheck == nil || db.HealthCheck == nil {
		t.FailNow()
	}
	if !slices.Equal(app.HealthCheck.Test, types.HealthCheckTest{"CMD", "interno", "healthcheck"}) {
		t.Errorf("app health check %q", app.HealthCheck.Test)
	}
	if !strings.Contains(strings.Join(db.HealthCheck.Test, " "), "pg_isready") {
		t.Errorf("db health check %q", db.HealthCheck.Test)
	}
	if dep, ok := app.DependsOn["db"]; !ok || dep.Condition != types.ServiceConditionHealthy {
		t.Errorf("app depends on db: %+v, want condition service_healthy", app.DependsOn)
	}
	stages, _ := dockerStages(t)
	dataDir := envOf(stages[len(stages)-1])["INTERNO_DATA_DIR"]
	if !slices.ContainsFunc(app.Volumes, func(v types.ServiceVolumeConfig) bool {
		return v.Type == types.VolumeTypeVolume && v.Target == dataDir && !v.ReadOnly
	}) {
		t.Errorf("app keeps no named volume at the image's data directory %s: %+v", dataDir, app.Volumes)
	}
	if len(app.Ports) != 1 || app.Ports[0].Target != 8080 || app.Ports[0].Published != "8080" {
		t.Errorf("app ports %+v", app.Ports)
	}
	if len(db.Ports) != 0 {
		t.Errorf("the database is published on the host: %+v", db.Ports)
	}

	demo := maps.Clone(secrets)
	demo["INTERNO_DEMO"] = "true"
	if got := env(mustCompose(t, demo).Services["app"], "INTERNO_DEMO"); got != "true" {
		t.Errorf("INTERNO_DEMO=true in .env gives %q", got)
	}
}

func TestCompose_ScaledProfile(t *testing.T) {
	p := mustCompose(t, secrets, "scaled")
	apps := appServices(p)
	if len(apps) != 2 {
		t.Fatalf("app instances in the scaled profile: %v, want two", apps)
	}
	first, second := p.Services[apps[0]], p.Services[apps[1]]
	if !maps.EqualFunc(first.Environment, second.Environment, func(a, b *string) bool { return a != nil && b != nil && *a == *b }) {
		t.Errorf("the two instances are configured differently:\n%v\n%v", first.Environment, second.Environment)
	}
	if !reflect.DeepEqual(first.Volumes, second.Volumes) {
		t.Errorf("the two instances do not share the data volume: %+v / %+v", first.Volumes, second.Volumes)
	}
	if second.Restart == "" || second.HealthCheck == nil || second.DependsOn["db"].Condition != types.ServiceConditionHealthy {
		t.Errorf("%s lacks restart, health check or the database dependency", apps[1])
	}

	proxy, ok := p.Services["proxy"]
	if !ok {
		t.Fatal("no proxy service in the scaled profile")
	}
	for _, a := range apps {
		if proxy.DependsOn[a].Condition != types.ServiceConditionHealthy {
			t.Errorf("the proxy does not wait for %s to be healthy", a)
		}
	}
	if proxy.Restart == "" || proxy.HealthCheck == nil {
		t.Error("the proxy lacks a restart policy or a health check")
	}
	if len(proxy.Ports) != 1 || proxy.Ports[0].Published == "8080" {
		t.Errorf("proxy ports %+v (must not take the first instance's 8080)", proxy.Ports)
	}
	if m := regexp.MustCompile(`^nginx:(\d+)\.(\d+)`).FindStringSubmatch(proxy.Image); m == nil {
		t.Errorf("proxy image %q is not a pinned nginx", proxy.Image)
	} else if major, _ := strconv.Atoi(m[1]); major == 1 {
		// Re-resolving upstream names (`server ... resolve`) arrived in open-source nginx 1.27.3.
		if minor, _ := strconv.Atoi(m[2]); minor < 28 {
			t.Errorf("proxy image %q predates upstream re-resolution", proxy.Image)
		}
	}
	var conf string
	for _, v := range proxy.Volumes {
		if v.Type == types.VolumeTypeBind && v.Target == "/etc/nginx/conf.d/default.conf" && v.ReadOnly {
			conf = v.Source
		}
	}
	if conf == "" {
		t.Fatalf("the proxy does not mount its configuration read-only: %+v", proxy.Volumes)
	}
	abs, _ := filepath.Abs(filepath.Join(root, "configs", "nginx.conf"))
	if conf != abs {
		t.Errorf("the proxy mounts %s, want the committed %s", conf, abs)
	}

	// Only the proxy's fixed address may set X-Forwarded-For.
	addr := proxy.Networks["default"]
	if addr == nil || addr.Ipv4Address == "" {
		t.Fatal("the proxy has no fixed address for the instances to trust")
	}
	for _, a := range apps {
		if got := env(p.Services[a], "INTERNO_TRUSTED_PROXIES"); got != addr.Ipv4Address {
			t.Errorf("%s trusts %q, want only the proxy %s", a, got, addr.Ipv4Address)
		}
	}
	ip := netip.MustParseAddr(addr.Ipv4Address)
	net := p.Networks["default"]
	if len(net.Ipam.Config) != 1 || !netip.MustParsePrefix(net.Ipam.Config[0].Subnet).Contains(ip) {
		t.Errorf("the proxy's address %s is outside the network %+v", ip, net.Ipam.Config)
	}

	checkNginx(t, apps, proxy)
}

// checkNginx parses the proxy configuration and checks it balances over every instance
// without stickiness and never buffers the event stream.
func checkNginx(t *testing.T, apps []string, proxy types.ServiceConfig) {
	t.Helper()
	p, err := ngparser.NewParser(filepath.Join(root, "configs", "nginx.conf"))
	if err != nil {
		t.Fatal(err)
	}
	conf, err := p.Parse()
	if err != nil {
		t.Fatalf("configs/nginx.conf does not parse: %v", err)
	}
	ups := conf.FindDirectives("upstream")
	if len(ups) != 1 {
		t.Fatalf("%d upstream blocks", len(ups))
	}
	up := ups[0].(*config.Upstream)
	var servers []string
	for _, s := range up.UpstreamServers {
		servers = append(servers, s.Address)
		if slices.Contains(s.Flags, "resolve") && len(up.FindDirectives("zone")) == 0 {
			t.Error("`resolve` needs a shared-memory zone in the upstream")
		}
	}
	slices.Sort(servers)
	var want []string
	for _, a := range apps {
		want = append(want, a+":8080")
	}
	slices.Sort(want)
	if !slices.Equal(servers, want) {
		t.Errorf("upstream servers %v, want every instance %v", servers, want)
	}
	for _, sticky := range []string{"ip_hash", "hash", "sticky", "least_time"} {
		if len(up.FindDirectives(sticky)) > 0 {
			t.Errorf("upstream uses %s: no sticky sessions are needed", sticky)
		}
	}

	servs := conf.FindDirectives("server")
	if len(servs) != 1 {
		t.Fatalf("%d server blocks", len(servs))
	}
	srv := servs[0].GetBlock()
	listen := srv.FindDirectives("listen")
	if len(listen) != 1 || strconv.Itoa(int(proxy.Ports[0].Target)) != listen[0].GetParameters()[0].Value {
		t.Errorf("nginx listens on %v, the proxy publishes container port %d", listen, proxy.Ports[0].Target)
	}
	if size := param(t, srv, "client_max_body_size"); size == "" || size == "0" || mebibytes(t, size) < 25 {
		t.Errorf("client_max_body_size %q is below the 25 MiB a designer's registration may carry", size)
	}
	if xff := srv.FindDirectives("proxy_set_header"); !slices.ContainsFunc(xff, func(d config.IDirective) bool {
		ps := d.GetParameters()
		return len(ps) == 2 && ps[0].Value == "X-Forwarded-For" && ps[1].Value == "$proxy_add_x_forwarded_for"
	}) {
		t.Error("X-Forwarded-For is not passed on, so every client would be counted as the proxy")
	}
	var events config.IBlock
	for _, l := range srv.FindDirectives("location") {
		if loc := l.(*config.Location); loc.Match == "/api/events" {
			events = loc.GetBlock()
		}
	}
	if events == nil {
		t.Fatal("no location for /api/events")
	}
	if got := param(t, events, "proxy_buffering"); got != "off" {
		t.Errorf("proxy_buffering %q on /api/events: the event stream would be held back", got)
	}
	if got := param(t, events, "proxy_pass"); got != "http://"+up.UpstreamName {
		t.Errorf("/api/events goes to %q", got)
	}
	if got := param(t, events, "proxy_read_timeout"); !strings.HasSuffix(got, "h") && !strings.HasSuffix(got, "m") {
		t.Errorf("proxy_read_timeout %q on /api/events: an idle stream would be cut after nginx's 60 s", got)
	}
}

func param(t *testing.T, b config.IBlock, name string) string {
	t.Helper()
	ds := b.FindDirectives(name)
	if len(ds) == 0 {
		return ""
	}
	ps := ds[len(ds)-1].GetParameters()
	if len(ps) == 0 {
		return ""
	}
	return ps[0].Value
}

func mebibytes(t *testing.T, size string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.TrimRight(strings.ToLower(size), "kmg"))
	if err != nil {
		t.Fatalf("size %q: %v", size, err)
	}
	switch {
	case strings.HasSuffix(strings.ToLower(size), "g"):
		return n << 10
	case strings.HasSuffix(strings.ToLower(size), "m"):
		return n
	case strings.HasSuffix(strings.ToLower(size), "k"):
		return n >> 10
	}
	return n >> 20
}
