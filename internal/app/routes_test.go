package app

// The route table shared by the authorisation matrix (authz_test.go) and the
// fuzz test (fuzz_test.go): every API route of the real app, with a body and
// query that reach its handler, who calls it naturally, and who may call it.
// TestRoutes_TableCoversEveryRoute fails when a route is added without an
// entry here, so both suites always cover every route.

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"interno/adapters/httpapi"
	"interno/adapters/store/storetest"
)

// role is who calls: the six callers of every who-may-call-it test.
type role int

const (
	asAnon      role = iota
	asCustomer       // anna: owns the fixture conversation and appointment
	asCustomer2      // bruno: another customer
	asDesigner       // sofia: owns the fixture designer profile
	asDesigner2      // bea: another designer
	asAdministrator
	asThrowaway // a fresh customer for routes that end the caller (logout, delete)
	asThrowawayDesigner
)

var roleNames = map[role]string{asAnon: "anonymous", asCustomer: "customer", asCustomer2: "another customer",
	asDesigner: "designer", asDesigner2: "another designer", asAdministrator: "admin"}

// access says who may call a route: the roles that pass its authorisation.
// The others get deny (401 for anonymous, the route's refusal otherwise).
type access struct {
	allow []role
	deny  int // status for signed-in callers outside allow (403, or 404 where existence is private)
}

var (
	accPublic       = access{allow: []role{asAnon, asCustomer, asCustomer2, asDesigner, asDesigner2, asAdministrator}}
	accSignedIn     = access{allow: []role{asCustomer, asCustomer2, asDesigner, asDesigner2, asAdministrator}}
	accAdmin        = access{allow: []role{asAdministrator}, deny: 403}
	accDesigners    = access{allow: []role{asDesigner, asDesigner2}, deny: 403}
	accOwner        = access{allow: []role{asDesigner, asAdministrator}, deny: 403} // the fixture designer's profile
	accOwnerOnly    = access{allow: []role{asDesigner}, deny: 403}                  // the designer alone
	accParties      = access{allow: []role{asCustomer, asDesigner}, deny: 404}      // the conversation's two sides
	accApptParties  = access{allow: []role{asCustomer, asDesigner}, deny: 403}      // the appointment's two sides
	accApptCustomer = access{allow: []role{asCustomer}, deny: 403}                  // the appointment's customer
	accApptDesigner = access{allow: []role{asDesigner}, deny: 403}                  // the appointment's designer
)

// apiRoute is one route of the table.
type apiRoute struct {
	method, path string // the gin pattern, e.g. /api/designers/:id
	as           role   // the natural caller, for the fuzz test
	query, body  string // templates; FUZZ is replaced by the fuzzed value
	who          access
	// sample is the value the matrix puts in the templates (default "1");
	// answers are statuses that are the route's own answer to everyone, not
	// a refusal of the caller (401 for a wrong password).
	sample  string
	answers []int
	// endsSessions marks routes that end the caller's sessions: the matrix
	// signs everyone in again after calling them.
	endsSessions bool
	// skipAuthz leaves a route out of the matrix with the reason, when its
	// who-may-call-it tests live elsewhere.
	skipAuthz string
}

func (r apiRoute) key() string { return r.method + " " + r.path }

// routes is the table. Path parameters are filled from the world: :id is the
// natural object of the route (see world.param).
var routes = []apiRoute{
	{method: "GET", path: "/api/health", who: accPublic},
	{method: "GET", path: "/metrics", as: asAdministrator, who: accAdmin},
	{method: "GET", path: "/api/ready", who: accPublic},
	{method: "GET", path: "/api/config", who: accPublic},
	{method: "GET", path: "/api/openapi.json", who: accPublic},
	{method: "GET", path: "/api/docs", who: accPublic},
	{method: "GET", path: "/api/questionnaire", who: accPublic},
	{method: "POST", path: "/api/auth/register", body: `{"email":"FUZZ@example.com","password":"password123","name":"FUZZ","lead_id":1,"lead_token":"FUZZ","questionnaire_answers":["FUZZ"],"style_analysis":{"dominant_style":"FUZZ"}}`, who: accPublic},
	{method: "POST", path: "/api/auth/login", body: `{"email":"FUZZ","password":"FUZZ","remember_me":true,"lead_id":1,"lead_token":"FUZZ"}`, who: accPublic, answers: []int{401}},
	{method: "POST", path: "/api/auth/token", body: "username=FUZZ&password=FUZZ", who: accPublic, answers: []int{401}},
	{method: "POST", path: "/api/auth/google", body: `{"credential":"FUZZ"}`, who: accPublic, answers: []int{403}}, // Google sign-in is off in tests
	{method: "POST", path: "/api/auth/request-password-reset", body: `{"email":"FUZZ"}`, who: accPublic},
	{method: "POST", path: "/api/auth/reset-password", body: `{"token":"FUZZ","new_password":"FUZZ"}`, who: accPublic},
	{method: "POST", path: "/api/auth/reset-password/check", body: `{"token":"FUZZ"}`, who: accPublic},
	{method: "POST", path: "/api/auth/logout", as: asThrowaway, who: accSignedIn, endsSessions: true},
	{method: "POST", path: "/api/auth/logout-all", as: asThrowaway, who: accSignedIn, endsSessions: true},
	{method: "GET", path: "/api/users/me", as: asCustomer, query: "include_designers=FUZZ", who: accSignedIn},
	{method: "PUT", path: "/api/users/me", as: asCustomer, body: `{"name":"FUZZ","location":"FUZZ"}`, who: accSignedIn},
	{method: "DELETE", path: "/api/users/me", as: asThrowaway, who: accSignedIn, skipAuthz: "deletes the caller: test/api TestAccounts"},

	{method: "POST", path: "/api/designers", body: `{"name":"FUZZ","email":"FUZZ@example.com","password":"designer123","bio":"FUZZ","specialties":["FUZZ"],"design_style":"FUZZ","prima_proposta":"FUZZ","work_preferences":["FUZZ"],"city":"FUZZ","privacy_consent":true,"gallery_images":["FUZZ"],"experience":"FUZZ","min_budget":1}`, who: accPublic},
	{method: "POST", path: "/api/designers/google-auth", body: `{"credential":"FUZZ","designer_data":{"name":"FUZZ"}}`, who: accPublic, answers: []int{403}},
	{method: "GET", path: "/api/designers", query: "page=FUZZ&limit=5", who: accPublic},
	{method: "GET", path: "/api/designers/by-email/:email", as: asDesigner, who: accOwner},
	{method: "GET", path: "/api/designers/:id", who: accPublic},
	{method: "PUT", path: "/api/designers/:id", as: asDesigner, body: `{"bio":"FUZZ","city":"FUZZ","min_budget":"FUZZ","specialties":["FUZZ"]}`, who: accOwner},
	{method: "DELETE", path: "/api/designers/:id", as: asThrowawayDesigner, who: accOwner, skipAuthz: "deletes the designer: adapters/httpapi TestDesigners_Delete and test/api TestDesigners"},
	{method: "GET", path: "/api/designers/matches", query: "lead_token=FUZZ&page=1", who: accPublic, sample: "@lead"},
	{method: "POST", path: "/api/match-designers", body: `{"answers":["FUZZ"],"limit":"FUZZ"}`, who: accPublic},
	{method: "GET", path: "/api/styles/*path", who: accPublic},
	{method: "GET", path: "/api/images/resize/*path", query: "size=small&quality=FUZZ", who: accPublic},
	{method: "GET", path: "/api/uploads/*path", who: accPublic},

	{method: "GET", path: "/api/appointments/availability/:designerId", who: accPublic},
	{method: "PUT", path: "/api/appointments/availability/:designerId", as: asDesigner, body: `[{"day_of_week":"FUZZ","start_time":"FUZZ","end_time":"18:00","is_active":true}]`, who: accOwnerOnly},
	{method: "GET", path: "/api/appointments/available-slots/:designerId", query: "start_date=FUZZ&end_date=FUZZ", who: accPublic},
	{method: "POST", path: "/api/appointments", as: asCustomer, body: `{"designer_id":"FUZZ","appointment_date":"FUZZ","message":"FUZZ","phone":"FUZZ"}`, who: accSignedIn},
	{method: "POST", path: "/api/appointments/", as: asCustomer, body: `{"designer_id":"FUZZ","appointment_date":"FUZZ"}`, who: accSignedIn},
	{method: "GET", path: "/api/appointments/user", as: asCustomer, query: "status=FUZZ&page=1", who: accSignedIn},
	{method: "GET", path: "/api/appointments/designer", as: asDesigner, query: "status=FUZZ", who: accDesigners},
	{method: "GET", path: "/api/appointments/designer/summary", as: asDesigner, who: accDesigners},
	{method: "GET", path: "/api/appointments/:id", as: asCustomer, who: accApptParties},
	{method: "PUT", path: "/api/appointments/:id/cancel", as: asCustomer, body: `{"reason":"FUZZ"}`, who: accApptCustomer, skipAuthz: "changes the fixture appointment: adapters/httpapi TestScheduling_Lifecycle"},
	{method: "PUT", path: "/api/appointments/:id/confirm", as: asDesigner, body: `{"designer_notes":"FUZZ"}`, who: accApptDesigner, skipAuthz: "changes the fixture appointment: adapters/httpapi TestScheduling_Lifecycle"},
	{method: "PUT", path: "/api/appointments/:id/reject", as: asDesigner, body: `{"reason":"FUZZ"}`, who: accApptDesigner, skipAuthz: "changes the fixture appointment: adapters/httpapi TestScheduling_Lifecycle"},
	{method: "PUT", path: "/api/appointments/:id/complete", as: asDesigner, body: `{"notes":"FUZZ"}`, who: accApptDesigner, skipAuthz: "changes the fixture appointment: adapters/httpapi TestScheduling_Lifecycle"},
	{method: "DELETE", path: "/api/appointments/:id", as: asCustomer, who: accApptCustomer, skipAuthz: "changes the fixture appointment: adapters/httpapi TestScheduling_Lifecycle"},

	{method: "POST", path: "/api/contacts", as: asCustomer, body: `{"designer_id":"FUZZ","message":"FUZZ","client_id":"FUZZ","subject":"FUZZ","budget":"FUZZ","lead_id":"FUZZ"}`, who: accSignedIn},
	{method: "POST", path: "/api/contacts/", as: asCustomer, body: `{"designer_id":"FUZZ","message":"FUZZ"}`, who: accSignedIn},
	{method: "POST", path: "/api/messages", as: asCustomer, body: `{"designer_id":"FUZZ","message":"FUZZ","client_id":"FUZZ"}`, who: accSignedIn},
	{method: "GET", path: "/api/contacts/my-contacts", as: asCustomer, query: "page=FUZZ&since=FUZZ", who: accSignedIn},
	{method: "GET", path: "/api/contacts/designer-contacts", as: asDesigner, query: "page=1&since=FUZZ", who: accDesigners},
	{method: "GET", path: "/api/contacts/unread-count", as: asCustomer, who: accSignedIn},
	{method: "GET", path: "/api/contacts/:id", as: asCustomer, query: "before=FUZZ&since=FUZZ&mark_read=FUZZ", who: accParties},
	{method: "POST", path: "/api/contacts/:id/messages", as: asCustomer, body: `{"message":"FUZZ","client_id":"reply-FUZZ"}`, who: accParties},
	{method: "PUT", path: "/api/contacts/:id/status", as: asCustomer, body: `{"status":"FUZZ"}`, who: accParties, sample: "read"},
	{method: "POST", path: "/api/events/ticket", as: asCustomer, who: accSignedIn},
	{method: "GET", path: "/api/events", query: "ticket=FUZZ", who: accPublic, skipAuthz: "authorised by its ticket: adapters/httpapi TestEvents"},

	{method: "POST", path: "/api/likes", as: asCustomer, body: `{"designer_id":"FUZZ"}`, who: accSignedIn},
	{method: "POST", path: "/api/likes/", as: asCustomer, body: `{"designer_id":"FUZZ"}`, who: accSignedIn},
	{method: "GET", path: "/api/likes/mine", as: asCustomer, who: accSignedIn},
	{method: "GET", path: "/api/likes/status/:id", as: asCustomer, who: accSignedIn},
	{method: "GET", path: "/api/likes/designer/:id/count", who: accPublic},
	{method: "GET", path: "/api/likes/stats/:id", as: asDesigner, who: accOwner},
	{method: "POST", path: "/api/shares", body: `{"designer_id":"FUZZ","platform":"FUZZ"}`, who: accPublic},
	{method: "POST", path: "/api/shares/", body: `{"designer_id":"FUZZ"}`, who: accPublic},
	{method: "GET", path: "/api/shares/designer/:id/count", who: accPublic},
	{method: "GET", path: "/api/shares/stats/:id", as: asDesigner, who: accOwner},
	{method: "POST", path: "/api/email/send-results", body: `{"email":"FUZZ@example.com","style_analysis":{"dominant_style":"FUZZ","style_percentages":{"FUZZ":1}},"designer_ids":["FUZZ"],"lead_id":1,"lead_token":"FUZZ"}`, who: accPublic},
	{method: "GET", path: "/api/email/track/:id/click", query: "url=FUZZ", who: accPublic},
	{method: "POST", path: "/api/email/track/:id/click", body: `{"tracking_id":"FUZZ","clicked_url":"FUZZ"}`, who: accPublic},
	{method: "GET", path: "/api/email/stats", as: asAdministrator, query: "days=FUZZ&email_type=FUZZ", who: accAdmin},

	{method: "GET", path: "/api/push/key", who: accPublic},
	{method: "POST", path: "/api/push/subscriptions", as: asCustomer, body: `{"endpoint":"https://142.250.180.10/push/FUZZ","expirationTime":null,"keys":{"p256dh":"` + pushTestKey + `","auth":"AAECAwQFBgcICQoLDA0ODw"},"kinds":["FUZZ"]}`, who: accSignedIn, sample: "messages"},
	{method: "GET", path: "/api/push/subscriptions", as: asCustomer, who: accSignedIn},
	{method: "DELETE", path: "/api/push/subscriptions", as: asCustomer, body: `{"endpoint":"https://142.250.180.10/push/FUZZ"}`, who: accSignedIn},
	{method: "DELETE", path: "/api/push/subscriptions/:id", as: asCustomer, who: accSignedIn},
	{method: "GET", path: "/api/push/preferences", as: asCustomer, who: accSignedIn},
	{method: "PUT", path: "/api/push/preferences", as: asCustomer, body: `{"messages":true,"appointments":true,"reminders":false,"FUZZ":true}`, who: accSignedIn},

	{method: "GET", path: "/api/admin/stats", as: asAdministrator, who: accAdmin},
	{method: "GET", path: "/api/admin/users", as: asAdministrator, query: "q=FUZZ&page=1&limit=FUZZ", who: accAdmin},
	{method: "GET", path: "/api/admin/designers", as: asAdministrator, query: "q=FUZZ", who: accAdmin},
	{method: "GET", path: "/api/admin/audit", as: asAdministrator, query: "page=FUZZ", who: accAdmin},
	{method: "PUT", path: "/api/admin/users/:id", as: asAdministrator, body: `{"name":"FUZZ","location":"FUZZ"}`, who: accAdmin},
	{method: "DELETE", path: "/api/admin/users/:id", as: asAdministrator, who: accAdmin, skipAuthz: "deletes an account: adapters/httpapi TestAdmin_Delete"},
	{method: "PUT", path: "/api/admin/designers/:id", as: asAdministrator, body: `{"city":"FUZZ","experience":"FUZZ"}`, who: accAdmin},
	{method: "PUT", path: "/api/admin/designers/:id/verify", as: asAdministrator, who: accAdmin},
	{method: "DELETE", path: "/api/admin/designers/:id", as: asAdministrator, who: accAdmin, skipAuthz: "deletes a designer: adapters/httpapi TestAdmin_Delete"},
}

// pushTestKey is a P-256 public key (the generator point), so a fuzzed
// subscription can pass the key checks and reach deeper. Endpoints in the
// table are IP literals: no test resolves a name (testConfig).
const pushTestKey = "BGsX0fLhLEJH-Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU"

// world is a running app with the fixtures every route needs.
type world struct {
	t      testing.TB
	name   string
	h      http.Handler
	tokens map[role]string
	// ids of the fixtures: the designer profiles, the conversation, the
	// appointment, the customer, and the paths and tokens routes read.
	sofiaID, beaID, annaID, contactID, appointmentID int64
	sofiaEmail, upload, trackingID, leadToken        string
	n                                                int // throwaway accounts created
	logins                                           map[role][2]string
}

// signInAgain gives every fixture role a fresh token (after a route that ended sessions).
func (w *world) signInAgain() {
	for r, l := range w.logins {
		var m map[string]any
		w.mustJSON("POST", "/api/auth/login", "", fmt.Sprintf(`{"email":%q,"password":%q}`, l[0], l[1]), &m)
		w.tokens[r] = m["access_token"].(string)
	}
}

// newWorld starts the real app on dialect ("sqlite" or "postgres") in
// process and builds the fixtures.
func newWorld(t testing.TB, dialect string) *world {
	t.Helper()
	extra := map[string]string{"INTERNO_LOG_LEVEL": "error"}
	if dialect == "postgres" {
		extra["INTERNO_DATABASE_URL"] = storetest.NewPostgresSchema(t)
	}
	a, err := newApp(context.Background(), testConfig(t, extra), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.close)
	w := &world{t: t, name: dialect, h: a.http.Handler(), tokens: map[role]string{}}
	ctx := context.Background()
	root, err := a.identity.CreateAdmin(ctx, "root@example.com", "Root", "password123")
	if err != nil {
		t.Fatal(err)
	}
	sess, _ := a.identity.Issue(root, false)
	w.tokens[asAdministrator] = sess.Token

	var reg map[string]any
	w.tokens[asCustomer], w.annaID = w.customerAccount("anna@example.com")
	w.tokens[asCustomer2], _ = w.customerAccount("bruno@example.com")
	w.tokens[asDesigner], w.sofiaID = w.designerAccount("sofia@example.com")
	w.tokens[asDesigner2], w.beaID = w.designerAccount("bea@example.com")
	w.logins = map[role][2]string{asAdministrator: {"root@example.com", "password123"}, asCustomer: {"anna@example.com", "password123"},
		asCustomer2: {"bruno@example.com", "password123"}, asDesigner: {"sofia@example.com", "designer123"}, asDesigner2: {"bea@example.com", "designer123"}}
	w.sofiaEmail = "sofia@example.com"
	w.mustJSON("GET", fmt.Sprintf("/api/designers/%d", w.sofiaID), "", "", &reg)
	w.upload = strings.TrimPrefix(reg["gallery_images"].([]any)[0].(string), "/api/")

	week := `[`
	for d := 0; d < 7; d++ {
		week += fmt.Sprintf(`{"day_of_week":%d,"start_time":"08:00","end_time":"20:00","is_active":true},`, d)
	}
	w.mustJSON("PUT", fmt.Sprintf("/api/appointments/availability/%d", w.sofiaID), w.tokens[asDesigner], strings.TrimSuffix(week, ",")+"]", nil)
	var slots map[string]any
	from := time.Now().Add(24 * time.Hour).Format("2006-01-02")
	w.mustJSON("GET", fmt.Sprintf("/api/appointments/available-slots/%d?start_date=%s", w.sofiaID, from), "", "", &slots)
	first := firstSlot(t, slots)
	var appt map[string]any
	w.mustJSON("POST", "/api/appointments/", w.tokens[asCustomer], fmt.Sprintf(`{"designer_id":%d,"appointment_date":%q}`, w.sofiaID, first), &appt)
	w.appointmentID = int64(appt["id"].(float64))
	var contact map[string]any
	w.mustJSON("POST", "/api/contacts/", w.tokens[asCustomer], fmt.Sprintf(`{"designer_id":%d,"message":"Buongiorno"}`, w.sofiaID), &contact)
	w.contactID = int64(contact["id"].(float64))
	var lead map[string]any
	w.mustJSON("POST", "/api/match-designers", "", quizBody(t, w), &lead)
	w.leadToken = lead["lead_token"].(string)
	var sent map[string]any
	w.mustJSON("POST", "/api/email/send-results", "", fmt.Sprintf(`{"email":"anna@example.com","style_analysis":{"dominant_style":"C","style_percentages":{"C":100}},"designer_ids":[%d]}`, w.sofiaID), &sent)
	w.trackingID = sent["tracking_id"].(string)
	return w
}

// firstSlot finds the first free slot in an available-slots answer.
func firstSlot(t testing.TB, slots map[string]any) string {
	t.Helper()
	raw, _ := json.Marshal(slots)
	m := regexp.MustCompile(`"(20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d)"`).FindSubmatch(raw)
	if m == nil {
		t.Fatalf("no free slot in %s", raw)
	}
	return string(m[1])
}

// quizBody answers the questionnaire with its first options.
func quizBody(t testing.TB, w *world) string {
	var q map[string]any
	w.mustJSON("GET", "/api/questionnaire", "", "", &q)
	var answers []string
	for _, qu := range q["questions"].([]any) {
		answers = append(answers, qu.(map[string]any)["options"].([]any)[0].(map[string]any)["text"].(string))
	}
	b, _ := json.Marshal(map[string]any{"answers": answers})
	return string(b)
}

var tinyPhoto = func() string {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for y := 0; y < 48; y++ {
		for x := 0; x < 64; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 5), 120, 255})
		}
	}
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}()

func (w *world) customerAccount(addr string) (string, int64) {
	var m map[string]any
	w.mustJSON("POST", "/api/auth/register", "", fmt.Sprintf(`{"email":%q,"password":"password123","name":"Cliente"}`, addr), &m)
	return m["access_token"].(string), int64(m["id"].(float64))
}

func (w *world) designerAccount(addr string) (string, int64) {
	var d, login map[string]any
	body, _ := json.Marshal(map[string]any{"name": "Designer", "email": addr, "password": "designer123", "bio": "Progetti su misura.",
		"specialties": []string{"Japandi"}, "design_style": "C", "prima_proposta": "5-7 giorni", "work_preferences": []string{"online"},
		"city": "Torino", "privacy_consent": true, "gallery_images": []string{tinyPhoto}})
	w.mustJSON("POST", "/api/designers", "", string(body), &d)
	w.mustJSON("POST", "/api/auth/login", "", fmt.Sprintf(`{"email":%q,"password":"designer123"}`, addr), &login)
	return login["access_token"].(string), int64(d["id"].(float64))
}

// token is the bearer token of a role; throwaway roles get a new account each time.
func (w *world) token(r role) (string, int64) {
	switch r {
	case asAnon:
		return "", 0
	case asThrowaway:
		w.n++
		return w.customerAccount(fmt.Sprintf("usa-e-getta-%d@example.com", w.n))
	case asThrowawayDesigner:
		w.n++
		return w.designerAccount(fmt.Sprintf("studio-%d@example.com", w.n))
	}
	return w.tokens[r], 0
}

// param fills the route's path parameter with its natural fixture.
func (w *world) param(r apiRoute, own int64) string {
	switch {
	case strings.Contains(r.path, "*path"):
		switch {
		case strings.HasPrefix(r.path, "/api/styles"):
			return "/c.jpeg"
		case strings.HasPrefix(r.path, "/api/uploads"):
			return strings.TrimPrefix(w.upload, "uploads")
		}
		return "/" + w.upload
	case strings.Contains(r.path, ":email"):
		return w.sofiaEmail
	case strings.HasPrefix(r.path, "/api/appointments/:id"):
		return fmt.Sprint(w.appointmentID)
	case strings.HasPrefix(r.path, "/api/contacts/:id"):
		return fmt.Sprint(w.contactID)
	case strings.HasPrefix(r.path, "/api/email/track"):
		return w.trackingID
	case strings.HasPrefix(r.path, "/api/admin/users"):
		if own != 0 {
			return fmt.Sprint(own)
		}
		return fmt.Sprint(w.annaID)
	case own != 0:
		return fmt.Sprint(own)
	}
	return fmt.Sprint(w.sofiaID)
}

var paramRE = regexp.MustCompile(`[:*][A-Za-z]+`)

// request builds the route's request: value replaces FUZZ in the body and
// query templates (escaped for each; "@lead" stands for the fixture lead's
// token), param (when set) the path parameter, rawQuery and rawBody (when
// set) the templates themselves.
func (w *world) request(r apiRoute, as role, param, rawQuery, rawBody, value string) *http.Request {
	tok, own := w.token(as)
	switch r.key() {
	case "DELETE /api/admin/users/:id":
		_, own = w.token(asThrowaway)
	case "DELETE /api/admin/designers/:id":
		_, own = w.token(asThrowawayDesigner)
	}
	path := r.path
	if loc := paramRE.FindStringIndex(path); loc != nil {
		p := param
		if p == "" {
			p = w.param(r, own)
		} else if strings.HasPrefix(path[loc[0]:], "*") {
			p = "/" + escapePath(p)
		} else {
			p = escapePath(p)
		}
		path = path[:loc[0]] + p + path[loc[1]:]
	}
	query := r.query
	if rawQuery != "" {
		query = rawQuery
	}
	body := r.body
	if rawBody != "" {
		body = rawBody
	}
	if value == "@lead" {
		value = w.leadToken
	}
	query = strings.ReplaceAll(query, "FUZZ", url.QueryEscape(value))
	ctype := "application/json"
	if strings.HasPrefix(body, "username=") {
		ctype = "application/x-www-form-urlencoded"
		body = strings.ReplaceAll(body, "FUZZ", url.QueryEscape(value))
	} else {
		esc, _ := json.Marshal(value)
		body = strings.ReplaceAll(body, "FUZZ", string(esc[1:len(esc)-1]))
	}
	target := path
	if query != "" {
		target += "?" + query
	}
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(r.method, "/", rd)
	u, err := url.Parse(target)
	if err != nil {
		u = &url.URL{Path: path, RawQuery: url.QueryEscape(query)}
	}
	req.URL, req.RequestURI = u, u.RequestURI()
	if body != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	return req
}

// escapePath escapes a fuzzed path segment, keeping it one segment.
func escapePath(s string) string { return strings.ReplaceAll(url.PathEscape(s), "%2F", "/") }

// do sends a request with a deadline (the event stream would otherwise stay open).
func (w *world) do(req *http.Request) *httptest.ResponseRecorder {
	ctx, cancel := context.WithTimeout(req.Context(), 5*time.Second)
	defer cancel()
	rec := httptest.NewRecorder()
	w.h.ServeHTTP(rec, req.WithContext(ctx))
	return rec
}

func (w *world) mustJSON(method, path, token, body string, out any) {
	w.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := w.do(req)
	if rec.Code >= 300 {
		w.t.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body.Bytes())
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			w.t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

func TestRoutes_TableCoversEveryRoute(t *testing.T) {
	a, err := newApp(context.Background(), testConfig(t, nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer a.close()
	var listed []string
	for _, r := range routes {
		listed = append(listed, r.key())
	}
	for _, r := range a.http.Routes() {
		if strings.HasPrefix(r, "GET /api/_faults") || !slices.Contains(listed, r) {
			if !strings.Contains(r, "/api/_faults") {
				t.Errorf("%s is not in the route table of the authorisation and fuzz suites (internal/app/routes_test.go)", r)
			}
		}
	}
	for _, r := range listed {
		if !slices.Contains(a.http.Routes(), r) {
			t.Errorf("%s is in the route table but not served", r)
		}
	}
}

// TestRouteTable_MatchesRouter checks the OpenAPI route table of
// adapters/httpapi lists exactly the routes the real app serves, both ways
// (the fault switch's test-only routes are served only when it is on).
func TestRouteTable_MatchesRouter(t *testing.T) {
	for _, faults := range []bool{false, true} {
		cfg := testConfig(t, nil)
		cfg.FaultInjection = faults
		a, err := newApp(context.Background(), cfg, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		documented, testOnly := httpapi.TableRoutes()
		want := documented
		if faults {
			want = append(slices.Clone(documented), testOnly...)
		}
		served := a.http.Routes()
		for _, r := range served {
			if !slices.Contains(want, r) {
				t.Errorf("%s is served but not in the OpenAPI route table (adapters/httpapi/openapi_routes.go)", r)
			}
		}
		for _, r := range want {
			if !slices.Contains(served, r) {
				t.Errorf("%s is in the OpenAPI route table but not served (fault switch %v)", r, faults)
			}
		}
		a.close()
	}
}
