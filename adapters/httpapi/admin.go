package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"interno/core/admin"
)

// registerAdmin mounts the admin panel's API; every route is admin-only.
func (s *Server) registerAdmin(api *gin.RouterGroup) {
	g := api.Group("/admin", requireAdmin)
	g.GET("/stats", s.adminStats)
	g.GET("/users", s.adminUsers)
	g.PUT("/users/:id", s.adminUpdateUser)
	g.DELETE("/users/:id", s.adminDeleteUser)
	g.GET("/designers", s.adminDesigners)
	g.PUT("/designers/:id", s.adminUpdateDesigner)
	g.DELETE("/designers/:id", s.adminDeleteDesigner)
	g.PUT("/designers/:id/verify", s.adminToggleVerified)
	g.GET("/audit", s.adminAudit)
}

// adminUserView is a row of the users table.
type adminUserView struct {
	ID          int64   `json:"id"`
	Email       string  `json:"email"`
	Name        string  `json:"name"`
	Location    string  `json:"location"`
	Role        string  `json:"role"`
	CreatedAt   string  `json:"created_at"`
	GoogleID    *string `json:"google_id"`
	HasPassword bool    `json:"has_password"`
	IsAdmin     bool    `json:"is_admin"`
}

func toAdminUser(u admin.User) adminUserView {
	v := adminUserView{ID: u.ID, Email: u.Email, Name: u.Name, Location: u.Location, Role: u.Role,
		CreatedAt: rfc3339(u.CreatedAt), HasPassword: u.HasPassword, IsAdmin: u.IsAdmin()}
	if u.GoogleID != "" {
		g := u.GoogleID
		v.GoogleID = &g
	}
	return v
}

// adminDesignerView is a row of the designers table.
type adminDesignerView struct {
	ID            int64  `json:"id"`
	UserID        int64  `json:"user_id"`
	Name          string `json:"name"`
	Email         string `json:"email"`
	Phone         string `json:"phone"`
	City          string `json:"city"`
	DesignStyle   string `json:"design_style"`
	PrimaProposta string `json:"prima_proposta"`
	CreatedAt     string `json:"created_at"`
	Verified      bool   `json:"verified"`
}

func toAdminDesigner(d admin.Designer) adminDesignerView {
	return adminDesignerView{ID: d.ID, UserID: d.UserID, Name: d.Name, Email: d.Email, Phone: d.Phone, City: d.City,
		DesignStyle: d.DesignStyle, PrimaProposta: d.PrimaProposta, CreatedAt: rfc3339(d.CreatedAt), Verified: d.Verified}
}

// adminQuery reads q, page and limit. Without limit the whole list comes back
// (the panel filters and pages locally); with it, one page of at most maxAdminPage.
func adminQuery(c *gin.Context) (admin.Query, int, bool) {
	q := admin.Query{Search: c.Query("q")}
	if c.Query("limit") == "" && c.Query("page") == "" {
		return q, 1, true
	}
	page, limit, ok := paging(c, 50, maxAdminPage)
	if !ok {
		return admin.Query{}, 0, false
	}
	q.Offset, q.Limit = (page-1)*limit, limit
	return q, page, true
}

// maxAdminPage bounds a server-side page of an admin list.
const maxAdminPage = 500

// listPage is the paging part of an admin list: the whole list when no limit
// was asked for (limit is then the total).
func listPage(n, total, page int, q admin.Query) (limit int, hasMore bool) {
	limit = q.Limit
	if limit == 0 {
		limit = total
	}
	return limit, q.Offset+n < total
}

// adminUsersView, adminDesignersView and adminAuditView are one page of an
// admin list. (The paging fields are written out in each: the OpenAPI schema
// generator does not follow embedded structs.)
type adminUsersView struct {
	Users   []adminUserView `json:"users"`
	Total   int             `json:"total"`
	Page    int             `json:"page"`
	Limit   int             `json:"limit"`
	HasMore bool            `json:"has_more"`
}

type adminDesignersView struct {
	Designers []adminDesignerView `json:"designers"`
	Total     int                 `json:"total"`
	Page      int                 `json:"page"`
	Limit     int                 `json:"limit"`
	HasMore   bool                `json:"has_more"`
}

// auditEntryView is one line of the audit trail.
type auditEntryView struct {
	ID          int64  `json:"id"`
	ActorID     int64  `json:"actor_id"`
	ActorEmail  string `json:"actor_email"`
	Action      string `json:"action"`
	TargetType  string `json:"target_type"`
	TargetID    int64  `json:"target_id"`
	TargetLabel string `json:"target_label"`
	Details     string `json:"details"`
	CreatedAt   string `json:"created_at"`
}

type adminAuditView struct {
	Entries []auditEntryView `json:"entries"`
	Total   int              `json:"total"`
	Page    int              `json:"page"`
	Limit   int              `json:"limit"`
	HasMore bool             `json:"has_more"`
}

// adminStatsView is the dashboard's figures; the appointment and activity
// figures are absent when their counters are not wired.
type adminStatsView struct {
	TotalUsers           int            `json:"total_users"`
	TotalCustomers       int            `json:"total_customers"`
	TotalAdmins          int            `json:"total_admins"`
	TotalDesigners       int            `json:"total_designers"`
	VerifiedDesigners    int            `json:"verified_designers"`
	NewUsersWeek         int            `json:"new_users_week"`
	NewDesignersWeek     int            `json:"new_designers_week"`
	Since                string         `json:"since"`
	AppointmentsByStatus map[string]int `json:"appointments_by_status,omitempty"`
	MessagesToday        *int           `json:"messages_today,omitempty"`
	TotalLikes           *int           `json:"total_likes,omitempty"`
	TotalConversations   *int           `json:"total_conversations,omitempty"`
	DayStart             string         `json:"day_start,omitempty"`
}

func (s *Server) adminStats(c *gin.Context) {
	st, err := s.d.Admin.Stats(c.Request.Context(), callerOf(c))
	if err != nil {
		_ = c.Error(err)
		return
	}
	body := adminStatsView{
		TotalUsers: st.TotalUsers, TotalCustomers: st.Customers, TotalAdmins: st.Admins,
		TotalDesigners: st.Designers, VerifiedDesigners: st.VerifiedDesigners,
		NewUsersWeek: st.NewCustomers, NewDesignersWeek: st.NewDesigners, Since: rfc3339(st.Since),
		AppointmentsByStatus: st.Appointments,
	}
	if st.Activity != nil {
		body.MessagesToday = &st.Activity.MessagesToday
		body.TotalLikes = &st.Activity.Likes
		body.TotalConversations = &st.Activity.Conversations
		body.DayStart = rfc3339(st.DayStart)
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, body)
}

func (s *Server) adminUsers(c *gin.Context) {
	q, page, ok := adminQuery(c)
	if !ok {
		return
	}
	list, total, err := s.d.Admin.Users(c.Request.Context(), callerOf(c), q)
	if err != nil {
		_ = c.Error(err)
		return
	}
	views := make([]adminUserView, len(list))
	for i, u := range list {
		views[i] = toAdminUser(u)
	}
	c.Header("Cache-Control", "no-store")
	limit, more := listPage(len(list), total, page, q)
	c.JSON(http.StatusOK, adminUsersView{Users: views, Total: total, Page: page, Limit: limit, HasMore: more})
}

func (s *Server) adminDesigners(c *gin.Context) {
	q, page, ok := adminQuery(c)
	if !ok {
		return
	}
	list, total, err := s.d.Admin.Designers(c.Request.Context(), callerOf(c), q)
	if err != nil {
		_ = c.Error(err)
		return
	}
	views := make([]adminDesignerView, len(list))
	for i, d := range list {
		views[i] = toAdminDesigner(d)
	}
	c.Header("Cache-Control", "no-store")
	limit, more := listPage(len(list), total, page, q)
	c.JSON(http.StatusOK, adminDesignersView{Designers: views, Total: total, Page: page, Limit: limit, HasMore: more})
}

func (s *Server) adminAudit(c *gin.Context) {
	q, page, ok := adminQuery(c)
	if !ok {
		return
	}
	list, total, err := s.d.Admin.AuditTrail(c.Request.Context(), callerOf(c), q)
	if err != nil {
		_ = c.Error(err)
		return
	}
	views := make([]auditEntryView, len(list))
	for i, e := range list {
		views[i] = auditEntryView{ID: e.ID, ActorID: e.ActorID, ActorEmail: e.ActorEmail, Action: e.Action, TargetType: e.TargetType,
			TargetID: e.TargetID, TargetLabel: e.TargetLabel, Details: e.Details, CreatedAt: rfc3339(e.CreatedAt)}
	}
	if q.Limit == 0 {
		q.Limit = admin.MaxAuditPage
	}
	c.Header("Cache-Control", "no-store")
	limit, more := listPage(len(list), total, page, q)
	c.JSON(http.StatusOK, adminAuditView{Entries: views, Total: total, Page: page, Limit: limit, HasMore: more})
}

// The admin edit routes follow the API's one policy for edit routes
// (docs/abuse.md): a body is the resource as the client read it, and only the
// fields the route can change are read from it. Every other key (unknown,
// read-only like id or like_count, or privileged like role, is_admin,
// verified, password) is ignored, never applied, and the answer shows what was
// stored. The request structs hold only editable fields, so nothing else can
// reach the domain; a body without any editable field is still a 422.

func (s *Server) adminUpdateUser(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	var req accountEdit
	if !bindJSON(c, &req) {
		return
	}
	u, err := s.d.Admin.UpdateUser(c.Request.Context(), callerOf(c), id, admin.UserEdit{Name: req.Name, Email: req.Email, Location: req.Location})
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, toAdminUser(u))
}

func (s *Server) adminDeleteUser(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	if err := s.d.Admin.DeleteUser(c.Request.Context(), callerOf(c), id); err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, deletedView{Message: "User deleted", ID: id})
}

func (s *Server) adminUpdateDesigner(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	var req designerFields
	if !bindJSON(c, &req) {
		return
	}
	e := admin.DesignerEdit{Name: req.Name, Email: req.Email, Phone: req.Phone, City: req.City, Bio: req.Bio,
		DesignStyle: req.DesignStyle, PrimaProposta: req.PrimaProposta, Website: req.Website, Portfolio: req.Portfolio,
		Instagram: req.SocialInstagram, Facebook: req.SocialFacebook, YouTube: req.SocialYoutube, TikTok: req.SocialTiktok,
		SocialWeb: req.SocialWebsite}
	if req.WorkPreferences != nil {
		l := []string(*req.WorkPreferences)
		e.WorkPreferences = &l
	}
	if req.Specialties != nil {
		l := []string(*req.Specialties)
		e.Specialties = &l
	}
	if req.Experience != nil {
		n := int(*req.Experience)
		e.Experience = &n
	}
	if req.MinBudget != nil {
		n := int(*req.MinBudget)
		e.MinBudget = &n
	}
	d, err := s.d.Admin.UpdateDesigner(c.Request.Context(), callerOf(c), id, e)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, toAdminDesigner(d))
}

func (s *Server) adminDeleteDesigner(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	if err := s.d.Admin.DeleteDesigner(c.Request.Context(), callerOf(c), id); err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, deletedView{Message: "Designer deleted", ID: id})
}

func (s *Server) adminToggleVerified(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	d, err := s.d.Admin.ToggleVerified(c.Request.Context(), callerOf(c), id)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, toAdminDesigner(d))
}
