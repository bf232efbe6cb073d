package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
	"interno/core/identity"
	"interno/core/matching"
	"interno/core/style"
)

func (s *Server) registerMatching(api *gin.RouterGroup) {
	api.GET("/questionnaire", s.questionnaire)
	api.POST("/match-designers", s.matchDesigners)
	api.GET("/designers/matches", s.designerMatches)
	if s.d.Uploads != nil {
		api.GET("/styles/*path", s.styleImage)
	}
}

// styleView describes one style for the result screens and the profile modal.
type styleView struct {
	Code        string `json:"code"`
	Label       string `json:"label"`
	Short       string `json:"short"`
	Description string `json:"description"`
	Image       string `json:"image"`
}

type questionnaireView struct {
	Version   string                `json:"version"`
	Questions []matching.Question   `json:"questions"`
	Styles    []styleView           `json:"styles"`
	Length    int                   `json:"length"`
	PageSize  int                   `json:"page_size"`
	Labels    map[style.Code]string `json:"labels"`
}

func stylesView() []styleView {
	out := make([]styleView, len(style.Codes))
	for i, c := range style.Codes {
		out[i] = styleView{Code: string(c), Label: c.Label(), Short: c.Short(), Description: matching.Descriptions[c],
			Image: publicPath(matching.StyleImage(c))}
	}
	return out
}

// questionnaire serves the quiz with a strong ETag derived from its content,
// so clients cache it and revalidate cheaply.
func (s *Server) questionnaire(c *gin.Context) {
	q := s.d.Matching.Questionnaire()
	etag := `"q-` + q.Version + `"`
	c.Header("ETag", etag)
	c.Header("Cache-Control", "public, max-age=3600, must-revalidate")
	for _, tag := range strings.Split(c.GetHeader("If-None-Match"), ",") {
		if t := strings.TrimSpace(tag); t == etag || t == "*" || t == "W/"+etag {
			c.Status(http.StatusNotModified)
			return
		}
	}
	qs := make([]matching.Question, len(q.Questions))
	for i, qu := range q.Questions {
		qu.Options = append([]matching.Option(nil), qu.Options...)
		for j := range qu.Options {
			qu.Options[j].Image = publicPath(qu.Options[j].Image)
		}
		qs[i] = qu
	}
	labels := map[style.Code]string{}
	for _, code := range style.Codes {
		labels[code] = code.Label()
	}
	c.JSON(http.StatusOK, questionnaireView{Version: q.Version, Questions: qs, Styles: stylesView(),
		Length: matching.Length, PageSize: matching.DefaultLimit, Labels: labels})
}

// analysisView is the style analysis as the client stores it.
type analysisView struct {
	DominantStyle      string         `json:"dominant_style"`
	DominantStyleLabel string         `json:"dominant_style_label"`
	StylePercentages   map[string]int `json:"style_percentages"`
}

func toAnalysisView(a *matching.Analysis) *analysisView {
	if a == nil {
		return nil
	}
	pct := make(map[string]int, len(style.Codes))
	for _, c := range style.Codes {
		pct[string(c)] = a.Percentages[c]
	}
	return &analysisView{DominantStyle: string(a.Dominant), DominantStyleLabel: a.Dominant.Label(), StylePercentages: pct}
}

// matchedDesignerView is a public designer with its match score and the
// styles that explain it ("92% affine · Minimal, Naturale").
type matchedDesignerView struct {
	designerView
	MatchScore       int      `json:"match_score"`
	MatchStyles      []string `json:"match_styles"`
	MatchStyleLabels []string `json:"match_style_labels"`
}

type matchesView struct {
	LeadID *int64 `json:"lead_id"`
	// LeadToken reads and attaches the lead; only POST /match-designers sends it.
	LeadToken     string                `json:"lead_token,omitempty"`
	StyleAnalysis *analysisView         `json:"style_analysis"`
	Designers     []matchedDesignerView `json:"designers"`
	HasMore       bool                  `json:"has_more"`
	Total         int                   `json:"total"`
	Page          int                   `json:"page"`
	Limit         int                   `json:"limit"`
}

// renderMatches loads the page's designers and renders them; a designer
// removed since the ranking was cached is left out.
func (s *Server) renderMatches(c *gin.Context, p matching.Page, page, limit int) (matchesView, error) {
	out := matchesView{StyleAnalysis: toAnalysisView(p.Analysis), Designers: []matchedDesignerView{},
		HasMore: p.HasMore, Total: p.Total, Page: page, Limit: limit}
	if p.LeadID != 0 {
		id := p.LeadID
		out.LeadID = &id
	}
	out.LeadToken = p.LeadToken
	if len(p.Matches) == 0 {
		return out, nil
	}
	ids := make([]int64, len(p.Matches))
	for i, m := range p.Matches {
		ids[i] = m.DesignerID
	}
	ds, err := s.d.Designers.ByIDs(c.Request.Context(), ids)
	if err != nil {
		return out, err
	}
	byID := make(map[int64]int, len(ds))
	for i, d := range ds {
		byID[d.ID] = i
	}
	for _, m := range p.Matches {
		i, ok := byID[m.DesignerID]
		if !ok {
			continue
		}
		v := matchedDesignerView{designerView: publicDesigner(ds[i]), MatchScore: m.Score,
			MatchStyles: []string{}, MatchStyleLabels: []string{}}
		for _, st := range m.Styles {
			v.MatchStyles = append(v.MatchStyles, string(st))
			v.MatchStyleLabels = append(v.MatchStyleLabels, st.Short())
		}
		out.Designers = append(out.Designers, v)
	}
	return out, nil
}

type matchRequest struct {
	Answers json.RawMessage `json:"answers"`
	Limit   *flexInt        `json:"limit"`
}

// matchDesigners scores the answers, stores a lead and answers with its id,
// the style analysis and the first page of matched designers.
func (s *Server) matchDesigners(c *gin.Context) {
	var req matchRequest
	if !bindJSON(c, &req) {
		return
	}
	var answers []string
	if err := json.Unmarshal(req.Answers, &answers); err != nil || len(req.Answers) == 0 {
		_ = c.Error(fault.InvalidField("answers", "answers must be a list of the 7 chosen option texts"))
		return
	}
	limit := matching.DefaultLimit
	if req.Limit != nil {
		limit = int(*req.Limit)
	}
	p, err := s.d.Matching.Match(c.Request.Context(), callerOf(c), answers, limit)
	if err != nil {
		_ = c.Error(err)
		return
	}
	out, err := s.renderMatches(c, p, 1, limit)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusCreated, out)
}

// queryInt reads an optional positive integer query parameter; bad input is a 422.
func queryInt(c *gin.Context, name string) (int64, bool) {
	v := strings.TrimSpace(c.Query(name))
	if v == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		msg := name + " must be a positive integer"
		_ = c.Error(&fault.Error{Code: fault.Invalid, Message: msg, Reason: "validation",
			Fields: []fault.FieldError{{Loc: []string{"query", name}, Msg: msg, Type: "value_error.integer"}}})
		return 0, false
	}
	return n, true
}

// designerMatches pages through the matches of a lead (by its lead_token) or
// of a customer.
func (s *Server) designerMatches(c *gin.Context) {
	q := matching.Query{LeadToken: strings.TrimSpace(c.Query("lead_token"))}
	for _, f := range []struct {
		name string
		dst  func(int64)
	}{
		{"lead_id", func(v int64) { q.LeadID = v }}, {"user_id", func(v int64) { q.UserID = v }},
		{"page", func(v int64) { q.Page = int(min(v, 1<<30)) }}, {"limit", func(v int64) { q.Limit = int(min(v, 1<<30)) }},
	} {
		v, ok := queryInt(c, f.name)
		if !ok {
			return
		}
		f.dst(v)
	}
	if q.UserID != 0 && q.LeadID == 0 && q.LeadToken == "" {
		if _, ok := caller(c); !ok {
			return
		}
	}
	p, err := s.d.Matching.Matches(c.Request.Context(), callerOf(c), q)
	if err != nil {
		_ = c.Error(err)
		return
	}
	page, limit := max(q.Page, 1), q.Limit
	if limit == 0 {
		limit = matching.DefaultLimit
	}
	out, err := s.renderMatches(c, p, page, limit)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "private, no-cache")
	c.JSON(http.StatusOK, out)
}

// styleImage serves a generated style picture at its stored size.
func (s *Server) styleImage(c *gin.Context) {
	f, err := s.d.Uploads.Original(c.Request.Context(), "styles"+c.Param("path"))
	if err != nil {
		_ = c.Error(err)
		return
	}
	serveImage(c, f, "public, max-age=86400")
}

// customerMatches is what a customer's login answer and profile carry: the
// style analysis of their latest questionnaire and its first page of matches.
func (s *Server) customerMatches(c *gin.Context, u identity.User) (*analysisView, []matchedDesignerView, bool) {
	if s.d.Matching == nil || u.Role != identity.RoleUser {
		return nil, nil, false
	}
	p, ok, err := s.d.Matching.LatestOf(c.Request.Context(), u.ID, matching.DefaultLimit)
	if err != nil || !ok {
		return nil, []matchedDesignerView{}, err == nil
	}
	out, err := s.renderMatches(c, p, 1, matching.DefaultLimit)
	if err != nil {
		return nil, []matchedDesignerView{}, false
	}
	return out.StyleAnalysis, out.Designers, true
}
