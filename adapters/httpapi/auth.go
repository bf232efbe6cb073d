package httpapi

import (
	"context"
	"strings"

	"github.com/gin-gonic/gin"

	"interno/core/identity"
	"interno/core/kernel"
)

const (
	ctxPrincipal = "principal"
	ctxAuthErr   = "auth_error"
)

// Authenticator verifies bearer tokens.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (identity.Principal, error)
}

// authenticate resolves the caller from the bearer token when one is sent.
// A bad token does not fail public routes; routes that need an identity
// answer 401 through requireUser.
func authenticate(auth Authenticator) gin.HandlerFunc {
	return func(c *gin.Context) {
		h := headerValue(c.Request.Header, "Authorization")
		if h == "" {
			c.Next()
			return
		}
		scheme, token, ok := strings.Cut(h, " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
			c.Set(ctxAuthErr, identity.ErrTokenInvalid)
			c.Next()
			return
		}
		p, err := auth.Authenticate(c.Request.Context(), strings.TrimSpace(token))
		if err != nil {
			c.Set(ctxAuthErr, err)
		} else {
			c.Set(ctxPrincipal, p)
		}
		c.Next()
	}
}

// principalOf returns the authenticated caller, if any.
func principalOf(c *gin.Context) (identity.Principal, bool) {
	v, ok := c.Get(ctxPrincipal)
	if !ok {
		return identity.Principal{}, false
	}
	p, ok := v.(identity.Principal)
	return p, ok
}

// callerOf is who asks, as the core services take it: the signed-in
// account (UserID 0 for an anonymous visitor) and the client address
// anonymous visitors are throttled by.
func callerOf(c *gin.Context) kernel.Principal {
	p, _ := principalOf(c)
	k := p.Principal
	k.Client = c.ClientIP()
	return k
}

// caller returns the principal or records the right 401 and reports false.
func caller(c *gin.Context) (identity.Principal, bool) {
	if p, ok := principalOf(c); ok {
		return p, true
	}
	if v, ok := c.Get(ctxAuthErr); ok {
		if err, ok := v.(error); ok {
			_ = c.Error(err)
			return identity.Principal{}, false
		}
	}
	_ = c.Error(identity.ErrUnauthenticated)
	return identity.Principal{}, false
}

// requireUser is route middleware for any signed-in caller.
func requireUser(c *gin.Context) {
	if _, ok := caller(c); !ok {
		c.Abort()
		return
	}
	c.Next()
}

// requireAdmin is route middleware for admins only: 401 without identity,
// 403 for customers and designers.
func requireAdmin(c *gin.Context) {
	p, ok := caller(c)
	if !ok {
		c.Abort()
		return
	}
	if !p.IsAdmin() {
		_ = c.Error(identity.ErrAdminRequired)
		c.Abort()
		return
	}
	c.Next()
}

// requireDesigner is route middleware for designer accounts.
func requireDesigner(c *gin.Context) {
	p, ok := caller(c)
	if !ok {
		c.Abort()
		return
	}
	if !p.IsDesigner() {
		_ = c.Error(identity.ErrDesignerRequired)
		c.Abort()
		return
	}
	c.Next()
}
