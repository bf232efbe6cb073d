package httpapi

import (
	"github.com/gin-gonic/gin"

	"interno/core/identity"
)

// sessionExtras adds what other features contribute to a login answer (the
// customer's matched designers, the designer's profile id). Features extend
// this function as they land.
func (s *Server) sessionExtras(c *gin.Context, u identity.User) gin.H {
	out := gin.H{}
	if u.IsDesigner() && s.d.Designers != nil {
		if d, err := s.d.Designers.OfUser(c.Request.Context(), u.ID); err == nil {
			out["designer_id"] = d.ID
		}
	}
	if analysis, matches, ok := s.customerMatches(c, u); ok {
		out["matched_designers"] = matches
		if analysis != nil {
			out["style_analysis"] = analysis
		}
	}
	return out
}

// profileExtras adds what other features contribute to GET /api/users/me:
// "designer" for designer accounts and "matched_designers" for customers.
func (s *Server) profileExtras(c *gin.Context, u identity.User, includeDesigners bool) gin.H {
	out := gin.H{}
	if u.IsDesigner() && s.d.Designers != nil {
		if d, err := s.d.Designers.OfUser(c.Request.Context(), u.ID); err == nil {
			out["designer"] = privateDesigner(d)
		}
	}
	if includeDesigners {
		if analysis, matches, ok := s.customerMatches(c, u); ok {
			out["matched_designers"] = matches
			if analysis != nil {
				out["style_analysis"] = analysis
			}
		}
	}
	return out
}
