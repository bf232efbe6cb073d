package httpapi

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"interno/core/designers"
	"interno/core/fault"
	"interno/core/style"
)

// designerUploadLimit fits a 12-image gallery of 600×450 photos as data URLs
// plus a profile picture, with room to spare.
const designerUploadLimit = 25 << 20

func (s *Server) registerDesigners(api *gin.RouterGroup) {
	api.POST("/designers", s.registerDesigner)
	api.POST("/designers/google-auth", s.registerDesignerGoogle)
	api.GET("/designers", s.listDesigners)
	api.GET("/designers/by-email/:email", requireUser, s.designerByEmail)
	api.GET("/designers/:id", s.getDesigner)
	api.PUT("/designers/:id", requireUser, s.updateDesigner)
	api.DELETE("/designers/:id", requireUser, s.deleteDesigner)
	s.limitBody(http.MethodPost, "/api/designers", designerUploadLimit)
	s.limitBody(http.MethodPost, "/api/designers/google-auth", designerUploadLimit)
	s.limitBody(http.MethodPut, "/api/designers/:id", designerUploadLimit)
}

// designerView is a designer as the API shows it. Email and Phone are set
// only for the designer themself and admins.
type designerView struct {
	ID               int64    `json:"id"`
	DesignerID       int64    `json:"designer_id"`
	Name             string   `json:"name"`
	Bio              string   `json:"bio"`
	City             string   `json:"city"`
	ProfilePicture   string   `json:"profile_picture"`
	GalleryImages    []string `json:"gallery_images"`
	Specialties      []string `json:"specialties"`
	Specialization   string   `json:"specialization"`
	DesignStyle      string   `json:"design_style"`
	DesignStyleLabel string   `json:"design_style_label"`
	WorkPreferences  []string `json:"work_preferences"`
	Experience       int      `json:"experience"`
	MinBudget        int      `json:"min_budget"`
	PrimaProposta    string   `json:"prima_proposta"`
	Website          string   `json:"website"`
	Portfolio        string   `json:"portfolio"`
	SocialInstagram  string   `json:"social_instagram"`
	SocialFacebook   string   `json:"social_facebook"`
	SocialYoutube    string   `json:"social_youtube"`
	SocialTiktok     string   `json:"social_tiktok"`
	SocialWebsite    string   `json:"social_website"`
	Verified         bool     `json:"verified"`
	LikeCount        int      `json:"like_count"`
	CreatedAt        string   `json:"created_at"`
	UserID           int64    `json:"user_id,omitempty"`
	Email            string   `json:"email,omitempty"`
	Phone            string   `json:"phone,omitempty"`
}

func publicDesigner(d designers.Designer) designerView {
	gallery := make([]string, len(d.Gallery))
	for i, g := range d.Gallery {
		gallery[i] = publicPath(g)
	}
	modes := make([]string, len(d.WorkPreferences))
	for i, m := range d.WorkPreferences {
		modes[i] = string(m)
	}
	specialties := d.Specialties
	if specialties == nil {
		specialties = []string{}
	}
	return designerView{ID: d.ID, DesignerID: d.ID, Name: d.Name, Bio: d.Bio, City: d.City,
		ProfilePicture: publicPath(d.ProfilePicture), GalleryImages: gallery, Specialties: specialties,
		Specialization: strings.Join(specialties, ", "), DesignStyle: string(d.DesignStyle),
		DesignStyleLabel: d.DesignStyle.Label(), WorkPreferences: modes, Experience: d.Experience,
		MinBudget: d.MinBudget, PrimaProposta: d.FirstProposal, Website: d.Website, Portfolio: d.Portfolio,
		SocialInstagram: d.Instagram, SocialFacebook: d.Facebook, SocialYoutube: d.YouTube, SocialTiktok: d.TikTok,
		SocialWebsite: d.SocialWebsite, Verified: d.Verified, LikeCount: d.LikeCount, CreatedAt: rfc3339(d.CreatedAt)}
}

// storedPath is publicPath's inverse for the pictures a client sends back as
// it was shown them: "/api/uploads/gallery/x.jpg" and the demo catalogue's
// "/api/styles/scene/c-100.jpeg" (also as a full URL of the site, or as the
// resized form "/api/images/resize/…?size=…") become the stored
// "uploads/gallery/x.jpg" and "styles/scene/c-100.jpeg". Data URLs and
// anything else pass unchanged, for the core's edit rules to judge.
func storedPath(p string) string {
	p = strings.TrimSpace(p)
	if p == "" || strings.HasPrefix(p, "data:") {
		return p
	}
	if u, err := url.Parse(p); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		p = u.Path
	} else if err == nil && u.Scheme == "" && u.Host == "" {
		p = u.Path
	}
	rest, ok := strings.CutPrefix(p, "/api/")
	if !ok {
		return strings.TrimPrefix(p, "/")
	}
	if resized, ok := strings.CutPrefix(rest, "images/resize/"); ok {
		return resized
	}
	return rest
}

// privateDesigner adds what only the designer and admins may see.
func privateDesigner(d designers.Designer) designerView {
	v := publicDesigner(d)
	v.UserID, v.Email, v.Phone = d.UserID, d.Email, d.Phone
	return v
}

// designerFor renders d for the caller: private fields only for its owner and admins.
func designerFor(c *gin.Context, d designers.Designer) designerView {
	if p, ok := principalOf(c); ok && (p.IsAdmin() || p.UserID == d.UserID) {
		return privateDesigner(d)
	}
	return publicDesigner(d)
}

// designerFields are the profile fields of registration and edit requests.
// Pointers tell "not sent" from "sent empty" for partial edits.
type designerFields struct {
	Name            *string      `json:"name"`
	Email           *string      `json:"email"`
	Phone           *string      `json:"phone"`
	City            *string      `json:"city"`
	Bio             *string      `json:"bio"`
	DesignStyle     *string      `json:"design_style"`
	WorkPreferences *flexStrings `json:"work_preferences"`
	Specialties     *flexStrings `json:"specialties"`
	Experience      *flexInt     `json:"experience"`
	MinBudget       *flexInt     `json:"min_budget"`
	PrimaProposta   *string      `json:"prima_proposta"`
	Website         *string      `json:"website"`
	Portfolio       *string      `json:"portfolio"`
	SocialInstagram *string      `json:"social_instagram"`
	SocialFacebook  *string      `json:"social_facebook"`
	SocialYoutube   *string      `json:"social_youtube"`
	SocialTiktok    *string      `json:"social_tiktok"`
	SocialWebsite   *string      `json:"social_website"`
	GalleryImages   *flexStrings `json:"gallery_images"`
	ProfilePicture  *string      `json:"profile_picture"`
}

// apply copies the fields that were sent onto p.
func (f designerFields) apply(p *designers.Profile) {
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = *src
		}
	}
	set(&p.Name, f.Name)
	set(&p.Email, f.Email)
	set(&p.Phone, f.Phone)
	set(&p.City, f.City)
	set(&p.Bio, f.Bio)
	set(&p.FirstProposal, f.PrimaProposta)
	set(&p.Website, f.Website)
	set(&p.Portfolio, f.Portfolio)
	set(&p.Instagram, f.SocialInstagram)
	set(&p.Facebook, f.SocialFacebook)
	set(&p.YouTube, f.SocialYoutube)
	set(&p.TikTok, f.SocialTiktok)
	set(&p.SocialWebsite, f.SocialWebsite)
	if f.DesignStyle != nil {
		p.DesignStyle = style.Code(*f.DesignStyle)
	}
	if f.WorkPreferences != nil {
		p.WorkPreferences = p.WorkPreferences[:0:0]
		for _, m := range *f.WorkPreferences {
			p.WorkPreferences = append(p.WorkPreferences, style.WorkMode(m))
		}
	}
	if f.Specialties != nil {
		p.Specialties = append([]string{}, (*f.Specialties)...)
	}
	if f.Experience != nil {
		p.Experience = int(*f.Experience)
	}
	if f.MinBudget != nil {
		p.MinBudget = int(*f.MinBudget)
	}
}

type designerRegistration struct {
	designerFields
	Password       string `json:"password"`
	PrivacyConsent bool   `json:"privacy_consent"`
}

func (r designerRegistration) toCore() designers.Registration {
	var reg designers.Registration
	r.apply(&reg.Profile)
	reg.Password, reg.PrivacyConsent = r.Password, r.PrivacyConsent
	if r.GalleryImages != nil {
		reg.Gallery = *r.GalleryImages
	}
	if r.ProfilePicture != nil {
		reg.ProfilePicture = *r.ProfilePicture
	}
	return reg
}

func (s *Server) registerDesigner(c *gin.Context) {
	var req designerRegistration
	if !bindJSON(c, &req) {
		return
	}
	d, err := s.d.Designers.Register(c.Request.Context(), req.toCore())
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusCreated, privateDesigner(d))
}

func (s *Server) registerDesignerGoogle(c *gin.Context) {
	var req googleDesignerRequest
	if !bindJSON(c, &req) || !s.throttle(c) {
		return
	}
	d, err := s.d.Designers.RegisterWithGoogle(c.Request.Context(), req.Credential, req.DesignerData.toCore())
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusCreated, privateDesigner(d))
}

// listDesigners is the public catalogue, paged. Filtering by e-mail is for
// admins (any address) and designers (their own), so addresses cannot be probed.
func (s *Server) listDesigners(c *gin.Context) {
	page, limit, ok := paging(c, 20, 100)
	if !ok {
		return
	}
	q := designers.ListQuery{Offset: (page - 1) * limit, Limit: limit}
	if email := strings.TrimSpace(c.Query("email")); email != "" {
		p, signedIn := principalOf(c)
		if !signedIn {
			_ = c.Error(fault.New(fault.Unauthorized, "Not authenticated").WithReason("not_authenticated"))
			return
		}
		if !p.IsAdmin() {
			own, err := s.d.Designers.OfUser(c.Request.Context(), p.UserID)
			if err != nil || !strings.EqualFold(own.Email, email) {
				_ = c.Error(designers.ErrForbidden)
				return
			}
		}
		q.Email = email
	}
	list, total, err := s.d.Designers.List(c.Request.Context(), q)
	if err != nil {
		_ = c.Error(err)
		return
	}
	views := make([]designerView, len(list))
	for i, d := range list {
		views[i] = designerFor(c, d)
	}
	c.JSON(http.StatusOK, designerListView{Designers: views, Total: total, Page: page, Limit: limit,
		HasMore: q.Offset+len(list) < total})
}

// paging reads page (from 1) and limit (1..max, default def).
func paging(c *gin.Context, def, max int) (page, limit int, ok bool) {
	page, limit = 1, def
	if v := c.Query("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			_ = c.Error(fault.InvalidField("page", "page must be a positive integer"))
			return 0, 0, false
		}
		page = n
	}
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > max {
			_ = c.Error(fault.Newf(fault.Invalid, "limit must be between 1 and %d", max).WithReason("validation"))
			return 0, 0, false
		}
		limit = n
	}
	return page, limit, true
}

func (s *Server) designerByEmail(c *gin.Context) {
	d, err := s.d.Designers.ByEmail(c.Request.Context(), callerOf(c), c.Param("email"))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, privateDesigner(d))
}

func (s *Server) getDesigner(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	d, err := s.d.Designers.Get(c.Request.Context(), id)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, designerFor(c, d))
}

func (s *Server) updateDesigner(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	var req designerFields
	if !bindJSON(c, &req) {
		return
	}
	edit := designers.Edit{Apply: req.apply}
	if req.ProfilePicture != nil {
		p := storedPath(*req.ProfilePicture)
		edit.ProfilePicture = &p
	}
	if req.GalleryImages != nil {
		g := make([]string, len(*req.GalleryImages))
		for i, entry := range *req.GalleryImages {
			g[i] = storedPath(entry)
		}
		edit.Gallery = &g
	}
	d, err := s.d.Designers.Update(c.Request.Context(), callerOf(c), id, edit)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, privateDesigner(d))
}

func (s *Server) deleteDesigner(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	if err := s.d.Designers.Delete(c.Request.Context(), callerOf(c), id); err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, messageOnlyView{Message: "Designer deleted"})
}
