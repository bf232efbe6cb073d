package kernel

import "testing"

func TestPrincipal_Roles(t *testing.T) {
	for _, c := range []struct {
		p                               Principal
		anon, admin, designer, customer bool
	}{
		{Principal{}, true, false, false, false},
		{Principal{Client: "1.2.3.4"}, true, false, false, false},
		{User(1, RoleUser), false, false, false, true},
		{User(2, RoleDesigner), false, false, true, false},
		{User(3, RoleAdmin), false, true, false, false},
		{System, true, true, false, false},
		{Principal{Role: RoleUser}, true, false, false, false}, // a role without an account is no customer
	} {
		if c.p.Anonymous() != c.anon || c.p.IsAdmin() != c.admin || c.p.IsDesigner() != c.designer || c.p.IsCustomer() != c.customer {
			t.Errorf("%+v: anonymous %v admin %v designer %v customer %v", c.p, c.p.Anonymous(), c.p.IsAdmin(), c.p.IsDesigner(), c.p.IsCustomer())
		}
	}
	if !RoleAdmin.Valid() || Role("root").Valid() || Role("").Valid() {
		t.Error("Valid")
	}
}
