package engagement

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	"interno/core/email"
	"interno/core/fault"
	"interno/core/kernel"
	"interno/core/style"
)

// ResultsRequest asks for the style results e-mail. Signed-in callers get it
// at their account's address; visitors name one.
type ResultsRequest struct {
	Email       string
	Dominant    string
	Percentages map[string]float64
	DesignerIDs []int64
	// LeadID and LeadToken are the questionnaire the result came from: a
	// visitor's e-mail links carry both, so registering from the e-mail
	// (later, on any device) keeps the result. The token names the lead (the
	// id, when given, must agree); without a valid token the links carry no
	// lead and the e-mail goes anyway.
	LeadID    int64
	LeadToken string
}

// Sent is the answer to a results e-mail request.
type Sent struct {
	TrackingID string
	Recipient  string
}

// analysis validates the style result: the five codes, each 0–100, summing
// to 100 (give or take rounding); the dominant style is the largest unless
// the client named one of the tied leaders.
func analysis(r ResultsRequest) (StyleAnalysis, error) {
	var v fault.Validation
	a := StyleAnalysis{Percentages: map[style.Code]int{}}
	sum := 0.0
	for k, p := range r.Percentages {
		c := style.Code(strings.ToUpper(strings.TrimSpace(k)))
		if !c.Valid() {
			v.Add("style_analysis.style_percentages", "Unknown style "+strconv.Quote(k)+": use A, B, C, D or E")
			continue
		}
		if p < 0 || p > 100 {
			v.Add("style_analysis.style_percentages", "Percentages must be between 0 and 100")
			continue
		}
		a.Percentages[c] = int(p + 0.5)
		sum += p
	}
	if len(r.Percentages) == 0 {
		v.Add("style_analysis.style_percentages", "style_percentages is required")
	} else if sum < 99 || sum > 101 {
		v.Add("style_analysis.style_percentages", "Percentages must add up to 100")
	}
	if err := v.Err(); err != nil {
		return StyleAnalysis{}, err
	}
	best := style.Codes[0]
	for _, c := range style.Codes {
		if a.Percentages[c] > a.Percentages[best] {
			best = c
		}
	}
	a.Dominant = best
	if d := style.Code(strings.ToUpper(strings.TrimSpace(r.Dominant))); d != "" {
		if !d.Valid() {
			return StyleAnalysis{}, fault.InvalidField("style_analysis.dominant_style", "dominant_style must be A, B, C, D or E")
		}
		if a.Percentages[d] != a.Percentages[best] {
			return StyleAnalysis{}, fault.InvalidField("style_analysis.dominant_style", "dominant_style must be the style with the largest percentage")
		}
		a.Dominant = d
	}
	return a, nil
}

func newTrackingID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b[:])
}

// SendResults e-mails the caller's style result and a few of their matched
// designers, with every link tracked. It is throttled per address and per
// sender so it cannot be used to flood an inbox.
func (s *Service) SendResults(ctx context.Context, c kernel.Principal, r ResultsRequest) (Sent, error) {
	a, err := analysis(r)
	if err != nil {
		return Sent{}, err
	}
	name, to, sender := "", "", "ip:"+c.Client
	if c.UserID != 0 {
		acc, err := s.d.Accounts.Account(ctx, c.UserID)
		if err != nil {
			return Sent{}, err
		}
		name, to, sender = acc.Name, acc.Email, "user:"+strconv.FormatInt(c.UserID, 10)
	} else {
		addr, err := mail.ParseAddress(strings.TrimSpace(r.Email))
		if strings.TrimSpace(r.Email) == "" {
			return Sent{}, fault.InvalidField("email", "email is required")
		}
		if err != nil || addr.Name != "" || !strings.Contains(addr.Address, ".") {
			return Sent{}, fault.InvalidField("email", "email is not a valid address")
		}
		to = addr.Address
	}
	var picked []kernel.DesignerRef
	seen := map[int64]bool{}
	for _, id := range r.DesignerIDs {
		if len(picked) == MaxDesignersInMail {
			break
		}
		if seen[id] || id <= 0 {
			continue
		}
		seen[id] = true
		d, err := s.d.Designers.Designer(ctx, id)
		if fault.CodeOf(err) == fault.NotFound {
			continue
		}
		if err != nil {
			return Sent{}, err
		}
		picked = append(picked, d)
	}
	lead, err := s.visitorLead(ctx, c, r)
	if err != nil {
		return Sent{}, err
	}
	now := s.cfg.Clock().UTC()
	send := Send{TrackingID: newTrackingID(), Kind: ResultsKind, Recipient: strings.ToLower(to), Sender: sender,
		UserID: c.UserID, SentAt: now}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		n, err := s.d.Repo.CountSends(ctx, ResultsKind, send.Recipient, "", now.Add(-24*time.Hour))
		if err != nil {
			return err
		}
		if n >= PerAddressPerDay {
			return ErrTooManyToAddress
		}
		if n, err = s.d.Repo.CountSends(ctx, ResultsKind, "", sender, now.Add(-time.Hour)); err != nil {
			return err
		}
		if n >= PerSenderPerHour {
			return ErrTooManyBySender
		}
		if err := s.d.Repo.AddSend(ctx, send); err != nil {
			return err
		}
		return s.d.Mail.Enqueue(ctx, email.Job{Kind: ResultsKind, Message: s.resultsMessage(send, name, a, picked, lead, c.UserID != 0)})
	})
	if err != nil {
		return Sent{}, err
	}
	return Sent{TrackingID: send.TrackingID, Recipient: to}, nil
}

// leadRef is the questionnaire a results e-mail's links carry.
type leadRef struct {
	ID    int64
	Token string
}

// visitorLead checks the questionnaire a visitor's request names: a token
// that names an unattached lead is carried, anything else is not (members'
// links lead to their profile, which holds their result).
func (s *Service) visitorLead(ctx context.Context, c kernel.Principal, r ResultsRequest) (leadRef, error) {
	if c.UserID != 0 || r.LeadToken == "" || r.LeadID < 0 || s.d.Leads == nil {
		return leadRef{}, nil
	}
	id, err := s.d.Leads.VisitorLead(ctx, r.LeadID, r.LeadToken)
	if err != nil {
		if fault.CodeOf(err) == fault.Internal {
			return leadRef{}, err
		}
		return leadRef{}, nil
	}
	return leadRef{ID: id, Token: r.LeadToken}, nil
}

// trackedLink wraps a page of this site in the click-tracking redirect.
func (s *Service) trackedLink(trackingID, page string) string {
	return s.cfg.BaseURL + "/api/email/track/" + trackingID + "/click?url=" + url.QueryEscape(page)
}

// withLead adds the visitor's questionnaire to a page link ("leadId" and
// "leadToken", the names the web app reads), so whatever page the e-mail
// opens, a registration from there keeps the result.
func withLead(page string, lead leadRef) string {
	if lead.ID <= 0 || lead.Token == "" {
		return page
	}
	sep := "?"
	if strings.Contains(page, "?") {
		sep = "&"
	}
	return page + sep + "leadId=" + strconv.FormatInt(lead.ID, 10) + "&leadToken=" + url.QueryEscape(lead.Token)
}

func (s *Service) resultsMessage(send Send, name string, a StyleAnalysis, picked []kernel.DesignerRef, lead leadRef, member bool) email.Message {
	c := email.Content{
		Preheader: "Il tuo stile è " + a.Dominant.Label() + ": ecco i designer più affini a te.",
		Heading:   "Il tuo stile: " + a.Dominant.Label(),
		Footer:    "Hai ricevuto questa e-mail perché l'hai richiesta su Interno. Se non sei stato tu, puoi ignorarla.",
	}
	greeting := "Ciao,"
	if name != "" {
		greeting = "Ciao " + name + ","
	}
	c.Paragraphs = []string{greeting, fmt.Sprintf("ecco il risultato del tuo questionario di stile. Lo stile che ti rappresenta di più è %s (%d%%).",
		a.Dominant.Label(), a.Percentages[a.Dominant])}
	for _, code := range style.Codes {
		c.Rows = append(c.Rows, [2]string{code.Label(), strconv.Itoa(a.Percentages[code]) + "%"})
	}
	if len(picked) > 0 {
		c.Paragraphs = append(c.Paragraphs, "I designer più affini al tuo stile:")
		for _, d := range picked {
			label := d.Name
			if code := style.Code(d.Style); code.Valid() {
				label += " — " + code.DesignerLabel()
			}
			if d.Experience > 0 {
				label += fmt.Sprintf(", %d anni di esperienza", d.Experience)
			}
			c.Links = append(c.Links, email.Link{Label: label, URL: s.trackedLink(send.TrackingID, withLead("/profile/"+strconv.FormatInt(d.ID, 10), lead))})
		}
	}
	if member {
		c.Button = email.Link{Label: "Vedi i tuoi designer", URL: s.trackedLink(send.TrackingID, "/user-profile")}
	} else {
		c.Button = email.Link{Label: "Registrati e contatta i designer", URL: s.trackedLink(send.TrackingID, withLead("/login?mode=register&redirect=designers", lead))}
	}
	text, html := email.Render(c)
	return email.Message{To: send.Recipient, Subject: "I tuoi risultati di stile su Interno", Text: text, HTML: html}
}

// SafeTarget turns a link target into a path of this site, refusing anything
// that would leave it: other hosts, other schemes, protocol-relative and
// backslash tricks. Absolute URLs on this site's own origin are accepted.
func (s *Service) SafeTarget(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || strings.ContainsAny(raw, "\\\r\n\t") {
		return "", ErrForeignURL
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", ErrForeignURL
	}
	if u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		base, err := url.Parse(s.cfg.BaseURL)
		if err != nil || s.cfg.BaseURL == "" || !strings.EqualFold(u.Scheme, base.Scheme) || !strings.EqualFold(u.Host, base.Host) || u.User != nil {
			return "", ErrForeignURL
		}
	}
	if !strings.HasPrefix(u.Path, "/") || strings.HasPrefix(u.Path, "//") {
		return "", ErrForeignURL
	}
	out := &url.URL{Path: u.Path, RawPath: u.RawPath, RawQuery: u.RawQuery, Fragment: u.Fragment}
	target := out.String()
	if strings.HasPrefix(target, "//") {
		return "", ErrForeignURL
	}
	return target, nil
}

// TrackClick records a click of a tracked e-mail link and returns the page
// of this site to redirect to. A click on an unknown tracking id is not
// recorded (ErrTrackingNotFound) but the target is still checked.
func (s *Service) TrackClick(ctx context.Context, trackingID, target string) (string, error) {
	page, err := s.SafeTarget(target)
	if err != nil {
		return "", err
	}
	if len(trackingID) == 0 || len(trackingID) > 64 {
		return page, ErrTrackingNotFound
	}
	return page, s.d.Repo.AddClick(ctx, trackingID, withoutLeadToken(page), s.cfg.Clock().UTC())
}

// withoutLeadToken is the page as click statistics keep it: a lead's token
// is a secret (only its hash is stored), so it is dropped.
func withoutLeadToken(page string) string {
	u, err := url.Parse(page)
	if err != nil || !strings.Contains(u.RawQuery, "leadToken") {
		return page
	}
	q := u.Query()
	q.Del("leadToken")
	u.RawQuery = q.Encode()
	return u.String()
}

// EmailStats reports sent and clicked e-mails per kind over the last days
// (default 30, at most 365): admins only.
func (s *Service) EmailStats(ctx context.Context, c kernel.Principal, days int, kind string) ([]KindStats, error) {
	if !c.IsAdmin() {
		return nil, fault.New(fault.Forbidden, "Admin access required").WithReason("admin_required")
	}
	if days == 0 {
		days = DefaultStatsDays
	}
	if days < 1 || days > 365 {
		return nil, fault.InvalidField("days", "days must be between 1 and 365")
	}
	since := s.cfg.Clock().UTC().Add(-time.Duration(days) * 24 * time.Hour)
	return s.d.Repo.SendStats(ctx, since, strings.TrimSpace(kind))
}
