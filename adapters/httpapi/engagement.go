package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"interno/core/engagement"
	"interno/core/fault"
)

func (s *Server) registerEngagement(api *gin.RouterGroup) {
	likes := api.Group("/likes")
	likes.POST("", requireUser, s.toggleLike)
	likes.POST("/", requireUser, s.toggleLike)
	likes.GET("/mine", requireUser, s.myLikes)
	likes.GET("/status/:id", requireUser, s.likeStatus)
	likes.GET("/designer/:id/count", s.likeCount)
	likes.GET("/stats/:id", requireUser, s.likeStats)

	shares := api.Group("/shares")
	shares.POST("", s.share)
	shares.POST("/", s.share)
	shares.GET("/designer/:id/count", s.shareCount)
	shares.GET("/stats/:id", requireUser, s.shareStats)

	mail := api.Group("/email")
	mail.POST("/send-results", s.sendResults)
	mail.GET("/track/:id/click", s.trackClickRedirect)
	mail.POST("/track/:id/click", s.trackClick)
	mail.GET("/stats", requireAdmin, s.emailStats)
}

// designerRef is the body naming a designer; the id may be a number or a numeric string.
type designerRef struct {
	DesignerID *flexInt `json:"designer_id"`
	Platform   string   `json:"platform"`
}

func (r designerRef) id() (int64, error) {
	if r.DesignerID == nil || *r.DesignerID <= 0 {
		return 0, fault.InvalidField("designer_id", "designer_id must be a positive integer")
	}
	return int64(*r.DesignerID), nil
}

func (s *Server) toggleLike(c *gin.Context) {
	var in designerRef
	if !bindJSON(c, &in) {
		return
	}
	id, err := in.id()
	if err == nil {
		var t engagement.Toggled
		if t, err = s.d.Engagement.ToggleLike(c.Request.Context(), callerOf(c), id); err == nil {
			c.JSON(http.StatusOK, likeToggleView{DesignerID: id, Liked: t.Liked, LikeCount: t.LikeCount})
			return
		}
	}
	_ = c.Error(err)
}

func (s *Server) likeStatus(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	liked, err := s.d.Engagement.IsLiked(c.Request.Context(), callerOf(c), id)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, likeStatusView{DesignerID: id, IsLiked: liked})
}

func (s *Server) likeCount(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	n, err := s.d.Engagement.LikeCount(c.Request.Context(), id)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, likeCountView{DesignerID: id, LikeCount: n})
}

// likedDesignerView is one entry of the caller's favourites.
type likedDesignerView struct {
	DesignerID int64        `json:"designer_id"`
	LikedAt    string       `json:"liked_at"`
	Designer   designerView `json:"designer"`
}

func (s *Server) myLikes(c *gin.Context) {
	ctx := c.Request.Context()
	likes, err := s.d.Engagement.MyLikes(ctx, callerOf(c))
	if err != nil {
		_ = c.Error(err)
		return
	}
	ids := make([]int64, len(likes))
	for i, l := range likes {
		ids[i] = l.DesignerID
	}
	out := []likedDesignerView{}
	if len(ids) > 0 {
		list, err := s.d.Designers.ByIDs(ctx, ids)
		if err != nil {
			_ = c.Error(err)
			return
		}
		byID := map[int64]designerView{}
		for _, d := range list {
			byID[d.ID] = publicDesigner(d)
		}
		for _, l := range likes {
			if v, ok := byID[l.DesignerID]; ok {
				out = append(out, likedDesignerView{DesignerID: l.DesignerID, LikedAt: rfc3339(l.LikedAt), Designer: v})
			}
		}
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, myLikesView{Likes: out, Total: len(out)})
}

type likerView struct {
	UserID   int64  `json:"user_id"`
	UserName string `json:"user_name"`
	LikedAt  string `json:"liked_at"`
}

func (s *Server) likeStats(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	st, err := s.d.Engagement.LikeStats(c.Request.Context(), callerOf(c), id)
	if err != nil {
		_ = c.Error(err)
		return
	}
	users := make([]likerView, len(st.Likes))
	for i, l := range st.Likes {
		users[i] = likerView{UserID: l.UserID, UserName: l.UserName, LikedAt: rfc3339(l.LikedAt)}
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, likeStatsView{DesignerID: id, TotalLikes: st.Total, LikedByUsers: users})
}

func (s *Server) share(c *gin.Context) {
	var in designerRef
	if !bindJSON(c, &in) {
		return
	}
	id, err := in.id()
	if err != nil {
		_ = c.Error(err)
		return
	}
	ctx := c.Request.Context()
	// One caller shares one designer a few times at most: more would only
	// inflate the designer's statistics.
	if err := s.limits.shareTarget.Allow(ctx, throttleKey(c)+"|"+strconv.FormatInt(id, 10)); err != nil {
		_ = c.Error(err)
		return
	}
	sh, err := s.d.Engagement.Share(ctx, callerOf(c), id, in.Platform)
	if err != nil {
		_ = c.Error(err)
		return
	}
	n, err := s.d.Engagement.ShareCount(ctx, id)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusCreated, shareView{DesignerID: id, Platform: string(sh.Platform), ShareCount: n, SharedAt: rfc3339(sh.SharedAt)})
}

func (s *Server) shareCount(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	n, err := s.d.Engagement.ShareCount(c.Request.Context(), id)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, shareCountView{DesignerID: id, ShareCount: n})
}

type sharerView struct {
	UserID    int64  `json:"user_id"`
	UserName  string `json:"user_name"`
	UserEmail string `json:"user_email"`
	Platform  string `json:"platform"`
	SharedAt  string `json:"shared_at"`
}

func (s *Server) shareStats(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	st, err := s.d.Engagement.ShareStats(c.Request.Context(), callerOf(c), id)
	if err != nil {
		_ = c.Error(err)
		return
	}
	users := make([]sharerView, len(st.Sharers))
	for i, sh := range st.Sharers {
		users[i] = sharerView{UserID: sh.UserID, UserName: sh.UserName, UserEmail: sh.UserEmail, Platform: string(sh.Platform), SharedAt: rfc3339(sh.SharedAt)}
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, shareStatsView{DesignerID: id, TotalShares: st.Total, SharesByPlatform: st.ByPlatform, SharedByUsers: users})
}

// resultsInput is the style result to e-mail: the analysis as the web app
// keeps it and the ids of the matched designers.
type resultsInput struct {
	Email         string `json:"email"`
	StyleAnalysis *struct {
		DominantStyle    string             `json:"dominant_style"`
		StylePercentages map[string]float64 `json:"style_percentages"`
	} `json:"style_analysis"`
	DesignerIDs []flexInt `json:"designer_ids"`
	// LeadID and LeadToken are the visitor's questionnaire, carried by the
	// e-mail's links when the token names it.
	LeadID    *flexInt `json:"lead_id"`
	LeadToken string   `json:"lead_token"`
}

func (s *Server) sendResults(c *gin.Context) {
	var in resultsInput
	if !bindJSON(c, &in) {
		return
	}
	if in.StyleAnalysis == nil {
		_ = c.Error(fault.InvalidField("style_analysis", "style_analysis is required"))
		return
	}
	if len(in.DesignerIDs) > 50 {
		_ = c.Error(fault.InvalidField("designer_ids", "Send at most 50 designer ids"))
		return
	}
	r := engagement.ResultsRequest{Email: in.Email, Dominant: in.StyleAnalysis.DominantStyle, Percentages: in.StyleAnalysis.StylePercentages}
	for _, id := range in.DesignerIDs {
		r.DesignerIDs = append(r.DesignerIDs, int64(id))
	}
	if in.LeadID != nil {
		if *in.LeadID < 0 {
			_ = c.Error(fault.InvalidField("lead_id", "lead_id must be a positive integer"))
			return
		}
		r.LeadID = int64(*in.LeadID)
	}
	r.LeadToken = strings.TrimSpace(in.LeadToken)
	sent, err := s.d.Engagement.SendResults(c.Request.Context(), callerOf(c), r)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusAccepted, resultsQueuedView{Message: "Email queued", Email: sent.Recipient, TrackingID: sent.TrackingID})
}

// trackClickRedirect records a click on an e-mail link and sends the
// browser on, only ever to a page of this site. A click with an unknown
// tracking id still reaches its (checked) page.
func (s *Server) trackClickRedirect(c *gin.Context) {
	page, err := s.d.Engagement.TrackClick(c.Request.Context(), c.Param("id"), c.Query("url"))
	if err != nil && !errors.Is(err, engagement.ErrTrackingNotFound) {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.Header("Referrer-Policy", "no-referrer")
	c.Redirect(http.StatusFound, strings.TrimRight(s.cfg.BaseURL, "/")+page)
}

func (s *Server) trackClick(c *gin.Context) {
	var in clickRequest
	if !bindJSON(c, &in) {
		return
	}
	id := c.Param("id")
	if in.TrackingID != "" && in.TrackingID != id {
		_ = c.Error(fault.InvalidField("tracking_id", "tracking_id does not match the path"))
		return
	}
	if _, err := s.d.Engagement.TrackClick(c.Request.Context(), id, in.ClickedURL); err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, recordedView{Recorded: true})
}

type kindStatsView struct {
	EmailType string  `json:"email_type"`
	Sent      int     `json:"sent"`
	Clicked   int     `json:"clicked"`
	ClickRate float64 `json:"click_rate"`
}

func percentOf(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return float64(int(float64(part)*1000/float64(whole)+0.5)) / 10
}

func (s *Server) emailStats(c *gin.Context) {
	days := 0
	if v := c.Query("days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			_ = c.Error(fault.InvalidField("days", "days must be a whole number"))
			return
		}
		days = n
		if days == 0 {
			days = -1
		}
	}
	kind := c.Query("email_type")
	st, err := s.d.Engagement.EmailStats(c.Request.Context(), callerOf(c), days, kind)
	if err != nil {
		_ = c.Error(err)
		return
	}
	if days <= 0 {
		days = engagement.DefaultStatsDays
	}
	out := make([]kindStatsView, len(st))
	sent, clicked := 0, 0
	for i, k := range st {
		out[i] = kindStatsView{EmailType: k.Kind, Sent: k.Sent, Clicked: k.Clicked, ClickRate: percentOf(k.Clicked, k.Sent)}
		sent += k.Sent
		clicked += k.Clicked
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, emailStatsView{Days: days, EmailType: kind, ByType: out,
		TotalSent: sent, TotalClicked: clicked, ClickRate: percentOf(clicked, sent)})
}
