package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
	"interno/core/identity"
)

// profileUploadLimit leaves room for a 5 MB photo plus multipart framing.
const profileUploadLimit = 6 << 20

func (s *Server) registerAccounts(api *gin.RouterGroup) {
	auth := api.Group("/auth")
	auth.POST("/register", s.register)
	auth.POST("/login", s.login)
	auth.POST("/token", s.tokenForm)
	auth.POST("/google", s.googleLogin)
	auth.POST("/request-password-reset", s.requestPasswordReset)
	auth.POST("/reset-password", s.resetPassword)
	auth.POST("/reset-password/check", s.checkResetToken)
	auth.POST("/logout", requireUser, s.logout)
	auth.POST("/logout-all", requireUser, s.logoutAll)

	me := api.Group("/users/me", requireUser)
	me.GET("", s.me)
	me.PUT("", s.updateMe)
	me.DELETE("", s.deleteMe)
	s.limitBody(http.MethodPut, "/api/users/me", profileUploadLimit)
}

// userView is the account as the client stores it.
type userView struct {
	ID                   int64           `json:"id"`
	UserID               int64           `json:"user_id"`
	Name                 string          `json:"name"`
	Email                string          `json:"email"`
	Role                 identity.Role   `json:"role"`
	IsAdmin              bool            `json:"is_admin"`
	IsDesigner           bool            `json:"is_designer"`
	Location             string          `json:"location"`
	ProfilePicture       string          `json:"profile_picture"`
	HasPassword          bool            `json:"has_password"`
	GoogleLinked         bool            `json:"google_linked"`
	StyleAnalysis        json.RawMessage `json:"style_analysis"`
	QuestionnaireAnswers json.RawMessage `json:"questionnaire_answers"`
	CreatedAt            string          `json:"created_at"`
}

func toUserView(u identity.User) userView {
	v := userView{ID: u.ID, UserID: u.ID, Name: u.Name, Email: u.Email, Role: u.Role, IsAdmin: u.IsAdmin(),
		IsDesigner: u.IsDesigner(), Location: u.Location, ProfilePicture: publicPath(u.ProfilePicture),
		HasPassword: u.HasPassword(), GoogleLinked: u.GoogleSub != "", StyleAnalysis: rawOrNull(u.StyleAnalysis),
		QuestionnaireAnswers: rawOrNull(u.QuestionnaireAnswers), CreatedAt: rfc3339(u.CreatedAt)}
	return v
}

// publicPath turns a stored file path ("uploads/x/y.jpg") into the URL path
// the client loads ("/api/uploads/x/y.jpg").
func publicPath(stored string) string {
	if stored == "" || strings.HasPrefix(stored, "/") || strings.HasPrefix(stored, "http") || strings.HasPrefix(stored, "data:") {
		return stored
	}
	return "/api/" + stored
}

func rawOrNull(m json.RawMessage) json.RawMessage {
	if len(m) == 0 {
		return json.RawMessage("null")
	}
	return m
}

// sessionView is the login answer: the token plus the user fields.
func (s *Server) sessionView(c *gin.Context, sess identity.Session) sessionView {
	u := toUserView(sess.User)
	out := sessionView{AccessToken: sess.Token, TokenType: "bearer", ExpiresAt: rfc3339(sess.ExpiresAt),
		ID: u.ID, UserID: u.UserID, Name: u.Name, Email: u.Email, Role: u.Role, IsAdmin: u.IsAdmin, IsDesigner: u.IsDesigner,
		Location: u.Location, ProfilePicture: u.ProfilePicture, StyleAnalysis: u.StyleAnalysis}
	s.sessionExtras(c, sess.User, &out)
	return out
}

type registerRequest struct {
	Email                string          `json:"email"`
	Password             string          `json:"password"`
	Name                 string          `json:"name"`
	LeadID               json.RawMessage `json:"lead_id"`
	LeadToken            string          `json:"lead_token"`
	QuestionnaireAnswers json.RawMessage `json:"questionnaire_answers"`
	StyleAnalysis        json.RawMessage `json:"style_analysis"`
}

func (s *Server) register(c *gin.Context) {
	var req registerRequest
	if !bindJSON(c, &req) || !s.throttle(c) {
		return
	}
	leadID, err := parseLeadID(req.LeadID)
	if err != nil {
		_ = c.Error(err)
		return
	}
	answers, err := jsonOrEncodedJSON("questionnaire_answers", req.QuestionnaireAnswers)
	if err != nil {
		_ = c.Error(err)
		return
	}
	analysis, err := jsonOrEncodedJSON("style_analysis", req.StyleAnalysis)
	if err != nil {
		_ = c.Error(err)
		return
	}
	sess, err := s.d.Identity.Register(c.Request.Context(), identity.Registration{Email: req.Email,
		Password: req.Password, Name: req.Name, Lead: identity.LeadClaim{ID: leadID, Token: strings.TrimSpace(req.LeadToken)},
		Answers: answers, Analysis: analysis, Client: c.ClientIP()})
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusCreated, s.sessionView(c, sess))
}

// parseLeadID accepts a number, a numeric string, or nothing (0 counts as nothing).
func parseLeadID(raw json.RawMessage) (*int64, error) {
	bad := fault.InvalidField("lead_id", "lead_id must be a positive integer")
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		s = strings.TrimSpace(s)
		if s == "" || s == "null" || s == "undefined" {
			return nil, nil
		}
		raw = json.RawMessage(s)
	}
	id, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil || id < 0 {
		return nil, bad
	}
	if id == 0 {
		// A questionnaire finished offline has no lead yet: its answers travel instead.
		return nil, nil
	}
	return &id, nil
}

// jsonOrEncodedJSON accepts a JSON value or a string holding JSON (clients
// may send either, per the spec) and returns the decoded JSON.
func jsonOrEncodedJSON(field string, raw json.RawMessage) (json.RawMessage, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if strings.TrimSpace(s) == "" {
			return nil, nil
		}
		if !json.Valid([]byte(s)) {
			return nil, fault.InvalidField(field, field+" must be JSON")
		}
		return json.RawMessage(s), nil
	}
	return raw, nil
}

type loginRequest struct {
	Email      string `json:"email"`
	Password   string `json:"password"`
	RememberMe bool   `json:"remember_me"`
	// LeadID and LeadToken are a questionnaire taken on this device before
	// signing in: a customer's account adopts it as its style profile. The
	// token names it; an id alone attaches nothing (and fails nothing).
	LeadID    json.RawMessage `json:"lead_id"`
	LeadToken string          `json:"lead_token"`
}

func (s *Server) login(c *gin.Context) {
	var req loginRequest
	if !bindJSON(c, &req) {
		return
	}
	leadID, err := parseLeadID(req.LeadID)
	if err != nil {
		_ = c.Error(err)
		return
	}
	sess, err := s.d.Identity.SignIn(c.Request.Context(), identity.SignInRequest{
		Credentials: identity.Credentials{Email: req.Email, Password: req.Password, Remember: req.RememberMe, Client: c.ClientIP()},
		Lead:        identity.LeadClaim{ID: leadID, Token: strings.TrimSpace(req.LeadToken)}})
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, s.sessionView(c, sess))
}

// tokenForm is the legacy OAuth2 password form (username, password).
func (s *Server) tokenForm(c *gin.Context) {
	username, password := c.PostForm("username"), c.PostForm("password")
	if username == "" || password == "" {
		_ = c.Error(fault.New(fault.Invalid, "username and password form fields are required").WithReason("validation"))
		return
	}
	sess, err := s.d.Identity.Login(c.Request.Context(), identity.Credentials{Email: username, Password: password, Client: c.ClientIP()})
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, tokenView{AccessToken: sess.Token, TokenType: "bearer"})
}

func (s *Server) googleLogin(c *gin.Context) {
	var req googleRequest
	if !bindJSON(c, &req) || !s.throttle(c) {
		return
	}
	sess, err := s.d.Identity.LoginGoogle(c.Request.Context(), req.Credential)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, s.sessionView(c, sess))
}

func (s *Server) requestPasswordReset(c *gin.Context) {
	var req resetRequest
	if !bindJSON(c, &req) || !s.throttle(c) {
		return
	}
	if s.resetMailAllowed(c, req.Email) {
		if err := s.d.Identity.RequestPasswordReset(c.Request.Context(), req.Email); err != nil {
			_ = c.Error(err)
			return
		}
	}
	c.JSON(http.StatusOK, messageOnlyView{Message: "If an account exists for this address, a reset link has been sent."})
}

func (s *Server) resetPassword(c *gin.Context) {
	var req newPasswordRequest
	if !bindJSON(c, &req) || !s.throttle(c) {
		return
	}
	if err := s.d.Identity.ResetPassword(c.Request.Context(), req.Token, req.NewPassword, c.ClientIP()); err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, messageOnlyView{Message: "Password updated."})
}

// checkResetToken lets the reset page say, before anything is typed, that
// its link no longer works, or whose password it changes. Anyone may ask, and
// everyone gets the same answer; it is throttled like the reset itself, so it
// is no faster a way to guess tokens.
func (s *Server) checkResetToken(c *gin.Context) {
	var req resetCheckRequest
	if !bindJSON(c, &req) || !s.throttle(c) {
		return
	}
	addr, err := s.d.Identity.CheckResetToken(c.Request.Context(), req.Token)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, resetCheckView{Email: addr})
}

// logout ends the caller's token on the server: 204, and the token is
// refused (401) from the next request on.
func (s *Server) logout(c *gin.Context) {
	p, _ := principalOf(c)
	if err := s.d.Identity.Logout(c.Request.Context(), p); err != nil {
		_ = c.Error(err)
		return
	}
	c.Status(http.StatusNoContent)
}

// logoutAll ends every session of the caller's account, on every device.
func (s *Server) logoutAll(c *gin.Context) {
	p, _ := principalOf(c)
	if err := s.d.Identity.LogoutAll(c.Request.Context(), p.UserID); err != nil {
		_ = c.Error(err)
		return
	}
	c.Status(http.StatusNoContent)
}

func (s *Server) me(c *gin.Context) {
	p, _ := principalOf(c)
	u, err := s.d.Identity.Me(c.Request.Context(), p.UserID)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, s.profileView(c, u, c.Query("include_designers") != "false"))
}

func (s *Server) updateMe(c *gin.Context) {
	p, _ := principalOf(c)
	upd, err := readProfileUpdate(c)
	if err != nil {
		_ = c.Error(err)
		return
	}
	u, err := s.d.Identity.UpdateProfile(c.Request.Context(), p.UserID, upd)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, s.profileView(c, u, false))
}

// readProfileUpdate accepts the spec's multipart form, or JSON.
func readProfileUpdate(c *gin.Context) (identity.ProfileUpdate, error) {
	var upd identity.ProfileUpdate
	if strings.HasPrefix(c.ContentType(), "application/json") {
		var req struct {
			Name     *string `json:"name"`
			Email    *string `json:"email"`
			Location *string `json:"location"`
		}
		if err := json.NewDecoder(c.Request.Body).Decode(&req); err != nil {
			return upd, fault.New(fault.Invalid, "Malformed JSON body").WithReason("bad_body")
		}
		upd.Name, upd.Email, upd.Location = req.Name, req.Email, req.Location
		return upd, nil
	}
	form, err := c.MultipartForm()
	if err != nil {
		var maxErr *http.MaxBytesError
		if errors.As(err, &maxErr) {
			return upd, identity.ErrPictureTooLarge
		}
		return upd, fault.New(fault.Invalid, "Expected a multipart form or JSON body").WithReason("bad_body")
	}
	field := func(name string) *string {
		if vs, ok := form.Value[name]; ok && len(vs) > 0 {
			v := vs[0]
			return &v
		}
		return nil
	}
	upd.Name, upd.Email, upd.Location = field("name"), field("email"), field("location")
	if files := form.File["profile_picture"]; len(files) > 0 {
		data, err := readUpload(files[0], identity.MaxProfilePictureBytes)
		if err != nil {
			return upd, err
		}
		upd.Picture = data
	}
	return upd, nil
}

func readUpload(fh *multipart.FileHeader, limit int64) ([]byte, error) {
	if fh.Size > limit {
		return nil, identity.ErrPictureTooLarge
	}
	f, err := fh.Open()
	if err != nil {
		return nil, fault.New(fault.Invalid, "Unreadable upload").WithReason("bad_body")
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fault.New(fault.Invalid, "Unreadable upload").WithReason("bad_body")
	}
	if int64(len(data)) > limit {
		return nil, identity.ErrPictureTooLarge
	}
	return data, nil
}

func (s *Server) deleteMe(c *gin.Context) {
	p, _ := principalOf(c)
	if err := s.d.Identity.DeleteAccount(c.Request.Context(), p.UserID); err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, messageOnlyView{Message: "Account deleted"})
}
