package app

import (
	"context"
	"errors"
	"fmt"
	"io"

	"interno/core/identity"
)

// Demo accounts listed in the README; `interno seed --demo` and INTERNO_DEMO
// create them once, and running again changes nothing.
var demoAccounts = []struct {
	Email, Name, Password string
	Role                  identity.Role
}{
	{"admin@interno.demo", "Amministratore Demo", "InternoAdmin2026!", identity.RoleAdmin},
	{"cliente@interno.demo", "Giulia Bianchi", "InternoCliente2026!", identity.RoleUser},
}

// seedDemo creates the demo accounts that do not exist yet.
func (a *app) seedDemo(ctx context.Context, out io.Writer) error {
	for _, d := range demoAccounts {
		_, err := a.identity.CreateAccount(ctx, d.Email, d.Name, d.Password, d.Role)
		switch {
		case err == nil:
			fmt.Fprintf(out, "created %s account %s\n", d.Role, d.Email)
		case errors.Is(err, identity.ErrEmailTaken):
			fmt.Fprintf(out, "%s already exists\n", d.Email)
		default:
			return fmt.Errorf("demo account %s: %w", d.Email, err)
		}
	}
	if err := a.seedCatalogue(ctx, out); err != nil {
		return err
	}
	return a.seedAvailability(ctx, out)
}
