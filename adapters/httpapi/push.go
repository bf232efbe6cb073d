package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
	"interno/core/push"
)

func (s *Server) registerPush(api *gin.RouterGroup) {
	g := api.Group("/push")
	g.GET("/key", s.pushKey)
	g.POST("/subscriptions", requireUser, s.subscribe)
	g.GET("/subscriptions", requireUser, s.pushDevices)
	g.DELETE("/subscriptions", requireUser, s.unsubscribe)
	g.DELETE("/subscriptions/:id", requireUser, s.unsubscribeDevice)
	g.GET("/preferences", requireUser, s.pushPreferences)
	g.PUT("/preferences", requireUser, s.setPushPreferences)
}

// pushKey is GET /api/push/key: the VAPID public key browsers subscribe with.
func (s *Server) pushKey(c *gin.Context) {
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, pushKeyView{PublicKey: s.d.Push.PublicKey()})
}

// subscriptionBody is the browser's PushSubscription.toJSON() plus kinds.
type subscriptionBody struct {
	Endpoint       string   `json:"endpoint"`
	ExpirationTime *float64 `json:"expirationTime"`
	Keys           struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
	Kinds *[]string `json:"kinds"`
}

type deviceView struct {
	ID            int64    `json:"id"`
	Endpoint      string   `json:"endpoint"`
	Kinds         []string `json:"kinds"`
	UserAgent     string   `json:"user_agent"`
	ExpiresAt     *string  `json:"expires_at"`
	LastSuccessAt *string  `json:"last_success_at"`
	CreatedAt     string   `json:"created_at"`
	UpdatedAt     string   `json:"updated_at"`
}

func viewDevice(d push.Subscription) deviceView {
	v := deviceView{ID: d.ID, Endpoint: d.Endpoint, UserAgent: d.UserAgent, CreatedAt: rfc3339(d.CreatedAt), UpdatedAt: rfc3339(d.UpdatedAt),
		Kinds: []string{}}
	for _, c := range push.Categories {
		if d.Wants(c) {
			v.Kinds = append(v.Kinds, string(c))
		}
	}
	if d.ExpiresAt != nil {
		t := rfc3339(*d.ExpiresAt)
		v.ExpiresAt = &t
	}
	if d.LastSuccessAt != nil {
		t := rfc3339(*d.LastSuccessAt)
		v.LastSuccessAt = &t
	}
	return v
}

// subscribe is POST /api/push/subscriptions: registers this device for the
// caller (201 with the device; the same endpoint again updates it).
func (s *Server) subscribe(c *gin.Context) {
	var in subscriptionBody
	if !bindJSON(c, &in) {
		return
	}
	d, err := s.d.Push.Register(c.Request.Context(), callerOf(c), push.SubscriptionInput{Endpoint: in.Endpoint,
		ExpirationTime: in.ExpirationTime, P256dh: in.Keys.P256dh, Auth: in.Keys.Auth, Kinds: in.Kinds, UserAgent: c.Request.UserAgent()})
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusCreated, viewDevice(d))
}

// pushDevices is GET /api/push/subscriptions: the caller's devices.
func (s *Server) pushDevices(c *gin.Context) {
	list, err := s.d.Push.Devices(c.Request.Context(), callerOf(c))
	if err != nil {
		_ = c.Error(err)
		return
	}
	out := make([]deviceView, len(list))
	for i, d := range list {
		out[i] = viewDevice(d)
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, devicesView{Subscriptions: out})
}

// unsubscribe is DELETE /api/push/subscriptions {endpoint}: this device
// stops receiving pushes (notifications turned off, or logout).
func (s *Server) unsubscribe(c *gin.Context) {
	var in endpointRequest
	if !bindJSON(c, &in) {
		return
	}
	if err := s.d.Push.Unregister(c.Request.Context(), callerOf(c), in.Endpoint); err != nil {
		_ = c.Error(err)
		return
	}
	c.Status(http.StatusNoContent)
}

// unsubscribeDevice is DELETE /api/push/subscriptions/{id}: removes one of
// the caller's devices from the list (an old phone).
func (s *Server) unsubscribeDevice(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	if err := s.d.Push.UnregisterID(c.Request.Context(), callerOf(c), id); err != nil {
		_ = c.Error(err)
		return
	}
	c.Status(http.StatusNoContent)
}

func viewPreferences(p push.Preferences) preferencesView {
	return preferencesView{Messages: p.Messages, Appointments: p.Appointments, Reminders: p.Reminders}
}

// pushPreferences is GET /api/push/preferences.
func (s *Server) pushPreferences(c *gin.Context) {
	p, err := s.d.Push.Preferences(c.Request.Context(), callerOf(c))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, viewPreferences(p))
}

// setPushPreferences is PUT /api/push/preferences with all three switches.
func (s *Server) setPushPreferences(c *gin.Context) {
	var in preferencesRequest
	if !bindJSON(c, &in) {
		return
	}
	var v fault.Validation
	v.Check(in.Messages != nil, "messages", "messages must be true or false")
	v.Check(in.Appointments != nil, "appointments", "appointments must be true or false")
	v.Check(in.Reminders != nil, "reminders", "reminders must be true or false")
	if err := v.Err(); err != nil {
		_ = c.Error(err)
		return
	}
	p, err := s.d.Push.SetPreferences(c.Request.Context(), callerOf(c),
		push.Preferences{Messages: *in.Messages, Appointments: *in.Appointments, Reminders: *in.Reminders})
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, viewPreferences(p))
}
