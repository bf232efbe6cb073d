package matching

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"sync"
	"time"

	"interno/core/fault"
	"interno/core/style"
	"interno/core/unitofwork"
)

// Faults callers recognise.
var (
	ErrLeadNotFound    = fault.New(fault.NotFound, "Lead not found").WithReason("lead_not_found")
	ErrLeadTaken       = fault.New(fault.Conflict, "This questionnaire already belongs to another account").WithReason("lead_taken")
	ErrForbidden       = fault.New(fault.Forbidden, "You may only read your own matches").WithReason("not_owner")
	ErrUnauthenticated = fault.New(fault.Unauthorized, "Please log in to read your matches").WithReason("not_authenticated")
	ErrNoSubject       = fault.New(fault.Invalid, "Give either lead_token (with or without lead_id) or user_id").WithReason("validation")
	// ErrLeadTokenRequired refuses a visitor's lead asked for by its id alone.
	ErrLeadTokenRequired = fault.New(fault.Forbidden, "This questionnaire is read with its lead_token").WithReason("lead_token_required")
	// ErrLeadTokenInvalid refuses a token that is not the lead's.
	ErrLeadTokenInvalid = fault.New(fault.Forbidden, "lead_token does not match a questionnaire").WithReason("lead_token_invalid")
	ErrBadAnswers       = fault.InvalidField("questionnaire_answers", "questionnaire_answers must be the 7 chosen option texts, as a list or a map from question index to text")
)

// Paging defaults and bounds of match lists.
const (
	DefaultLimit = 5
	MaxLimit     = 50
)

// Config tunes the service; zero values take the defaults.
type Config struct {
	// CacheTTL is how long the designers' ranking inputs are reused before
	// being read again (default 10 s): a profile edit or a like reaches rankings
	// within that time, and no request scans the designers table.
	CacheTTL time.Duration
	Clock    func() time.Time
}

// Service runs the questionnaire and matching use cases.
type Service struct {
	cfg      Config
	repo     Repository
	q        Questionnaire
	accounts Accounts
	tx       unitofwork.Transactor

	mu      sync.Mutex
	index   *index
	loaded  time.Time
	ranks   map[[5]int]ranking
	loading chan struct{}
	// again asks for one more read once the running one ends: a change
	// arrived while it was reading, possibly after its read.
	again bool
}

// NewService returns the matching service over the default questionnaire.
func NewService(cfg Config, repo Repository) *Service {
	if cfg.CacheTTL <= 0 {
		cfg.CacheTTL = 10 * time.Second
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	return &Service{cfg: cfg, repo: repo, q: Default}
}

// SetAccounts plugs in the accounts a signed-in customer's questionnaire is
// saved to, and the transactions that keep the lead and the account together.
func (s *Service) SetAccounts(a Accounts, tx unitofwork.Transactor) {
	s.accounts, s.tx = a, tx
}

// Questionnaire returns the quiz the server owns.
func (s *Service) Questionnaire() Questionnaire { return s.q }

// Page is one page of a ranking, with the analysis it was ranked for.
type Page struct {
	LeadID int64
	// LeadToken is set only by Match, the one answer that carries it.
	LeadToken string
	Analysis  *Analysis
	Matches   []Match
	Total     int
	HasMore   bool
}

// Query selects whose matches to read and which page.
type Query struct {
	LeadID    int64
	LeadToken string
	UserID    int64
	Page      int
	Limit     int
}

func (q *Query) normalize() error {
	var v fault.Validation
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Limit == 0 {
		q.Limit = DefaultLimit
	}
	v.Check(q.Page >= 1 && q.Page <= 100000, "page", "page must be a positive integer")
	v.Check(q.Limit >= 1 && q.Limit <= MaxLimit, "limit", "limit must be between 1 and 50")
	return v.Err()
}

// Match scores answers, stores them as a lead and returns the first page of
// matches. A signed-in customer's questionnaire becomes their account's style
// profile in the same transaction, so the profile, the login answer and the
// matches all read the new result.
func (s *Service) Match(ctx context.Context, c Caller, answers []string, limit int) (Page, error) {
	chosen, err := s.q.Resolve(answers)
	if err != nil {
		return Page{}, err
	}
	q := Query{Page: 1, Limit: limit}
	if err := q.normalize(); err != nil {
		return Page{}, err
	}
	a := Score(chosen)
	lead := Lead{Answers: texts(chosen), Analysis: a, Version: s.q.Version}
	customer := c.UserID != 0 && c.IsCustomer
	if customer {
		id := c.UserID
		lead.UserID = &id
	}
	if err := mintToken(&lead); err != nil {
		return Page{}, err
	}
	if customer && s.accounts != nil {
		// A signed-in customer's quiz becomes the account's style profile:
		// lead and account change in one durable transaction.
		store := func(ctx context.Context) error {
			if err := s.repo.CreateLead(ctx, &lead); err != nil {
				return err
			}
			return s.accounts.AdoptQuestionnaire(ctx, c.UserID, lead.ID)
		}
		if s.tx != nil {
			err = s.tx.InTx(ctx, store)
		} else {
			err = store(ctx)
		}
	} else {
		// A visitor's lead alone: losing it in a crash costs one re-answered
		// quiz, so it may commit without waiting for the flush (docs/matching.md).
		err = s.repo.CreateQuizLead(ctx, &lead)
	}
	if err != nil {
		return Page{}, err
	}
	p, err := s.page(ctx, a, q)
	p.LeadID, p.LeadToken = lead.ID, lead.Token
	return p, err
}

// mintToken gives l a fresh token: 256 random bits, of which only the hash is
// stored, so neither a sequential id nor a database dump reads a lead. Every
// lead gets one, whichever way it is stored.
func mintToken(l *Lead) error {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	l.Token = base64.RawURLEncoding.EncodeToString(b)
	l.TokenHash = HashLeadToken(l.Token)
	return nil
}

// createLead stores l durably with a fresh token (registration's leads).
func (s *Service) createLead(ctx context.Context, l *Lead) error {
	if err := mintToken(l); err != nil {
		return err
	}
	return s.repo.CreateLead(ctx, l)
}

// HashLeadToken is the stored form of a lead token.
func HashLeadToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// leadByToken finds the lead a token names; a token that names none is
// ErrLeadTokenInvalid, and one that names another lead than id (when given) too.
func (s *Service) leadByToken(ctx context.Context, token string, id int64) (Lead, error) {
	l, err := s.repo.LeadByToken(ctx, HashLeadToken(token))
	if errors.Is(err, ErrLeadNotFound) || err == nil && id != 0 && l.ID != id {
		return Lead{}, ErrLeadTokenInvalid
	}
	return l, err
}

func texts(os []Option) []string {
	out := make([]string, len(os))
	for i, o := range os {
		out[i] = o.Text
	}
	return out
}

// Matches reads a page of matches of a lead or of an account (that customer
// or an admin). An unattached lead is read with its token (its id alone is
// not enough: ids are sequential); once attached, by its account or an admin,
// with or without the token. An account without a questionnaire has no matches.
func (s *Service) Matches(ctx context.Context, c Caller, q Query) (Page, error) {
	if err := q.normalize(); err != nil {
		return Page{}, err
	}
	var lead Lead
	var err error
	byLead := q.LeadID != 0 || q.LeadToken != ""
	switch {
	case byLead == (q.UserID != 0):
		return Page{}, ErrNoSubject
	case byLead:
		if q.LeadToken != "" {
			lead, err = s.leadByToken(ctx, q.LeadToken, q.LeadID)
		} else {
			lead, err = s.repo.Lead(ctx, q.LeadID)
		}
		if err != nil {
			return Page{}, err
		}
		switch {
		case lead.UserID != nil && *lead.UserID != c.UserID && !c.IsAdmin:
			if c.UserID == 0 {
				return Page{}, ErrUnauthenticated
			}
			return Page{}, ErrForbidden
		case lead.UserID == nil && q.LeadToken == "" && !c.IsAdmin:
			return Page{}, ErrLeadTokenRequired
		}
	default:
		if c.UserID == 0 {
			return Page{}, ErrUnauthenticated
		}
		if c.UserID != q.UserID && !c.IsAdmin {
			return Page{}, ErrForbidden
		}
		lead, err = s.repo.ProfileLead(ctx, q.UserID)
		if errors.Is(err, ErrLeadNotFound) {
			return Page{Matches: []Match{}}, nil
		}
		if err != nil {
			return Page{}, err
		}
	}
	p, err := s.page(ctx, lead.Analysis, q)
	p.LeadID = lead.ID
	return p, err
}

// LatestOf returns the analysis of the account's style profile and the first
// page of its matches (for the login answer and the profile); ok is false
// when the account never took the questionnaire.
func (s *Service) LatestOf(ctx context.Context, userID int64, limit int) (Page, bool, error) {
	p, err := s.Matches(ctx, Caller{UserID: userID}, Query{UserID: userID, Limit: limit})
	return p, err == nil && p.Analysis != nil, err
}

func (s *Service) page(ctx context.Context, a Analysis, q Query) (Page, error) {
	r, err := s.ranking(ctx, a)
	if err != nil {
		return Page{}, err
	}
	from := (q.Page - 1) * q.Limit
	return Page{Analysis: &a, Matches: r.slice(from, from+q.Limit), Total: r.total, HasMore: from+q.Limit < r.total}, nil
}

// ranking returns the full ranking for an analysis, from a cache of the
// designers' precomputed vectors and of recent rankings (there are few
// distinct analyses: 7 answers over 5 styles).
func (s *Service) ranking(ctx context.Context, a Analysis) (ranking, error) {
	key := [5]int{}
	for i, c := range style.Codes {
		key[i] = a.Percentages[c]
	}
	for {
		s.mu.Lock()
		ix := s.index
		if ix != nil && s.cfg.Clock().Sub(s.loaded) >= s.cfg.CacheTTL && s.loading == nil {
			// Stale: keep serving it while one background read refreshes it, so
			// no request waits for the designers table.
			done := make(chan struct{})
			s.loading = done
			// A fresh context: the request's may carry its transaction.
			go func() { _ = s.refresh(context.Background(), done) }()
		}
		if ix != nil {
			r, ok := s.ranks[key]
			s.mu.Unlock()
			if ok {
				return r, nil
			}
			r = ix.rank(a)
			s.mu.Lock()
			if s.index == ix {
				if len(s.ranks) >= 512 {
					s.ranks = map[[5]int]ranking{}
				}
				s.ranks[key] = r
			}
			s.mu.Unlock()
			return r, nil
		}
		if s.loading != nil {
			wait := s.loading
			s.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return ranking{}, ctx.Err()
			}
		}
		done := make(chan struct{})
		s.loading = done
		s.mu.Unlock()
		if err := s.refresh(ctx, done); err != nil {
			return ranking{}, err
		}
	}
}

// refresh reads the designers' ranking inputs and swaps the index in; done is
// closed when it finishes, successfully or not.
func (s *Service) refresh(ctx context.Context, done chan struct{}) error {
	profiles, err := s.repo.Profiles(ctx)
	var built *index
	if err == nil {
		built = newIndex(profiles)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.loading = nil
	close(done)
	if s.again {
		// A change arrived during this read: read once more, in the
		// background, while what was just read serves.
		s.again = false
		next := make(chan struct{})
		s.loading = next
		go func() { _ = s.refresh(context.Background(), next) }()
	}
	if err != nil {
		return err
	}
	s.index, s.loaded, s.ranks = built, s.cfg.Clock(), map[[5]int]ranking{}
	return nil
}

// Invalidate drops the cached ranking inputs, so the next request reads the
// designers again (tests, and after bulk changes such as the demo seed).
func (s *Service) Invalidate() {
	s.mu.Lock()
	s.index = nil
	if s.loading != nil {
		s.again = true
	}
	s.mu.Unlock()
}

// Changed says the designers' ranking inputs changed (announced by the
// database to every instance, see docs/matching.md): one background read
// refreshes the index while the current one keeps serving, so no request
// waits; changes arriving during a read cause exactly one more read.
func (s *Service) Changed() {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.loading != nil:
		s.again = true
	case s.index == nil:
		// Nothing cached: the next request reads anyway.
	default:
		done := make(chan struct{})
		s.loading = done
		go func() { _ = s.refresh(context.Background(), done) }()
	}
}

// Resolved is what a registering customer's questionnaire becomes.
type Resolved struct {
	LeadID   *int64
	Answers  json.RawMessage
	Analysis json.RawMessage
}

// Resolve verifies what a registering customer brings: a lead token (the
// lead's stored answers and analysis win over anything sent; a lead id, when
// also sent, must be that lead's), or answers kept by the client (a list of
// option texts, or a map from question index to text), which are scored again
// here and stored as a new lead (the client's analysis is then ignored). A
// lead id without its token attaches nothing: the answers sent with it count.
// With neither, a well-formed analysis from the client is kept (its own
// profile data) as a lead without answers. Nothing sent gives nothing.
func (s *Service) Resolve(ctx context.Context, leadID *int64, leadToken string, answers, analysis json.RawMessage) (Resolved, error) {
	if leadToken != "" {
		var id int64
		if leadID != nil {
			id = *leadID
		}
		l, err := s.leadByToken(ctx, leadToken, id)
		if errors.Is(err, ErrLeadTokenInvalid) {
			return Resolved{}, fault.InvalidField("lead_token", "Unknown lead_token: take the questionnaire again")
		}
		if err != nil {
			return Resolved{}, err
		}
		if l.UserID != nil {
			return Resolved{}, ErrLeadTaken
		}
		return s.resolved(l), nil
	}
	list, ok := answerList(answers)
	if !ok {
		return Resolved{}, ErrBadAnswers
	}
	if list == nil {
		// No answers: an analysis kept by the client is taken when it is well formed
		// (five shares summing to 100, the dominant one the largest), stored as a lead
		// without answers so the account still gets matches; anything else is ignored.
		a, ok := ParseAnalysis(analysis)
		if len(analysis) == 0 || !ok {
			return Resolved{}, nil
		}
		l := Lead{Answers: []string{}, Analysis: a, Version: s.q.Version}
		if err := s.createLead(ctx, &l); err != nil {
			return Resolved{}, err
		}
		return s.resolved(l), nil
	}
	chosen, err := s.q.Resolve(list)
	if err != nil {
		return Resolved{}, ErrBadAnswers
	}
	l := Lead{Answers: texts(chosen), Analysis: Score(chosen), Version: s.q.Version}
	if err := s.createLead(ctx, &l); err != nil {
		return Resolved{}, err
	}
	return s.resolved(l), nil
}

func (s *Service) resolved(l Lead) Resolved {
	id := l.ID
	ans, _ := json.Marshal(l.Answers)
	return Resolved{LeadID: &id, Answers: ans, Analysis: l.Analysis.JSON()}
}

// Attach links a lead to the account just created with it.
func (s *Service) Attach(ctx context.Context, leadID, userID int64) error {
	return s.repo.Attach(ctx, leadID, userID)
}

// LeadOf returns the lead token names (id, when not zero, must be that
// lead's). No token is ErrLeadTokenRequired, a token naming no lead or
// another one ErrLeadTokenInvalid.
func (s *Service) LeadOf(ctx context.Context, id int64, token string) (Lead, error) {
	if token == "" {
		return Lead{}, ErrLeadTokenRequired
	}
	return s.leadByToken(ctx, token, id)
}

// Claim returns the id of the lead token names, for an account to adopt it
// (the errors of LeadOf).
func (s *Service) Claim(ctx context.Context, id int64, token string) (int64, error) {
	l, err := s.LeadOf(ctx, id, token)
	return l.ID, err
}

// Adopt links a lead to an existing account (a no-op when it is already
// theirs) and returns its stored answers and analysis, for the account to
// keep as its style profile. ErrLeadTaken when another account holds it,
// ErrLeadNotFound when it does not exist.
func (s *Service) Adopt(ctx context.Context, leadID, userID int64) (Resolved, error) {
	if err := s.repo.Attach(ctx, leadID, userID); err != nil {
		return Resolved{}, err
	}
	l, err := s.repo.Lead(ctx, leadID)
	if err != nil {
		return Resolved{}, err
	}
	return s.resolved(l), nil
}

// answerList reads a list of texts or a map from index ("0".."6" or
// "1".."7") to text. ok is false for anything else; nil means nothing sent.
func answerList(raw json.RawMessage) ([]string, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, true
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		if len(list) == 0 {
			return nil, true
		}
		return list, true
	}
	var m map[string]string
	if json.Unmarshal(raw, &m) != nil {
		return nil, false
	}
	if len(m) == 0 {
		return nil, true
	}
	base := 0
	if _, ok := m["0"]; !ok {
		base = 1
	}
	out := make([]string, len(m))
	for k, v := range m {
		i, err := strconv.Atoi(k)
		if err != nil || i-base < 0 || i-base >= len(m) {
			return nil, false
		}
		out[i-base] = v
	}
	return out, true
}

// analysisJSON is the stored and served shape of an analysis.
type analysisJSON struct {
	DominantStyle    style.Code         `json:"dominant_style"`
	StylePercentages map[style.Code]int `json:"style_percentages"`
}

// JSON encodes the analysis as the API and the accounts store it.
func (a Analysis) JSON() json.RawMessage {
	b, _ := json.Marshal(analysisJSON{DominantStyle: a.Dominant, StylePercentages: a.Percentages})
	return b
}

// ParseAnalysis decodes what JSON produced; ok is false for malformed input.
func ParseAnalysis(raw []byte) (Analysis, bool) {
	var j analysisJSON
	if json.Unmarshal(raw, &j) != nil {
		return Analysis{}, false
	}
	a := Analysis{Dominant: j.DominantStyle, Percentages: j.StylePercentages}
	return a, a.Valid()
}
