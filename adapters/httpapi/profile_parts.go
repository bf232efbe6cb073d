package httpapi

import (
	"encoding/json"

	"github.com/gin-gonic/gin"

	"interno/core/identity"
)

// sessionExtras adds what other features contribute to a login answer (the
// customer's matched designers, the designer's profile id). Features extend
// this function as they land.
func (s *Server) sessionExtras(c *gin.Context, u identity.User, out *sessionView) {
	if u.IsDesigner() && s.d.Designers != nil {
		if d, err := s.d.Designers.OfUser(c.Request.Context(), u.ID); err == nil {
			out.DesignerID = d.ID
		}
	}
	if analysis, matches, ok := s.customerMatches(c, u); ok {
		out.MatchedDesigners = &matches
		if analysis != nil {
			if raw, err := json.Marshal(analysis); err == nil {
				out.StyleAnalysis = raw
			}
		}
	}
}

// profileView is GET /api/users/me's answer: "designer" for designer
// accounts and "matched_designers" for customers, from other features.
func (s *Server) profileView(c *gin.Context, u identity.User, includeDesigners bool) profileView {
	out := profileView{User: toUserView(u), MatchedDesigners: []matchedDesignerView{}}
	if u.IsDesigner() && s.d.Designers != nil {
		if d, err := s.d.Designers.OfUser(c.Request.Context(), u.ID); err == nil {
			v := privateDesigner(d)
			out.Designer = &v
		}
	}
	if includeDesigners {
		if analysis, matches, ok := s.customerMatches(c, u); ok {
			out.MatchedDesigners = matches
			out.StyleAnalysis = analysis
		}
	}
	return out
}
