// Package kernel holds the few types every core service shares: who asks
// (Principal, with its Role) and the reference to a designer that services
// other than designers need (DesignerRef, looked up through Designers). It
// depends on nothing but core/fault, so every core package may import it.
package kernel

import (
	"context"

	"interno/core/fault"
)

// Role says what an account may do. Designers are customers' counterparts;
// admins run the platform.
type Role string

// Roles.
const (
	RoleUser     Role = "user"
	RoleDesigner Role = "designer"
	RoleAdmin    Role = "admin"
)

// Valid reports one of the three roles.
func (r Role) Valid() bool { return r == RoleUser || r == RoleDesigner || r == RoleAdmin }

// Principal is who asks a core service. UserID 0 is an anonymous visitor.
type Principal struct {
	UserID int64
	Role   Role
	// Client identifies the requester (their address) for throttling
	// anonymous visitors; empty when the caller is not a request.
	Client string
}

// Anonymous reports a visitor without an account.
func (p Principal) Anonymous() bool { return p.UserID == 0 }

// IsAdmin reports the admin role.
func (p Principal) IsAdmin() bool { return p.Role == RoleAdmin }

// IsDesigner reports the designer role.
func (p Principal) IsDesigner() bool { return p.Role == RoleDesigner }

// IsCustomer reports a signed-in customer (the user role).
func (p Principal) IsCustomer() bool { return p.UserID != 0 && p.Role == RoleUser }

// User is a signed-in account of the given role (tests and jobs acting for one).
func User(id int64, role Role) Principal { return Principal{UserID: id, Role: role} }

// System is the platform acting on its own (jobs, the seed): an admin without
// an account.
var System = Principal{Role: RoleAdmin}

// DesignerRef is what services other than designers know of a designer.
type DesignerRef struct {
	ID     int64
	UserID int64
	Name   string
	// Style is the designer's style code; Experience their years of work.
	Style      string
	Experience int
}

// ErrDesignerNotFound is the answer for an unknown designer, in every service.
var ErrDesignerNotFound = fault.New(fault.NotFound, "Designer not found").WithReason("designer_not_found")

// Designers looks designers up for the services that refer to them; the
// designers service provides it (designers.Service.Refs).
type Designers interface {
	// Designer is the designer with this id, or ErrDesignerNotFound.
	Designer(ctx context.Context, id int64) (DesignerRef, error)
	// OfUser is the designer profile of an account, or ErrDesignerNotFound.
	OfUser(ctx context.Context, userID int64) (DesignerRef, error)
}
