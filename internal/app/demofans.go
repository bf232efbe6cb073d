package app

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"

	"interno/adapters/store"
	"interno/core/identity"
)

// demoCustomerPassword is the README's password of cliente@interno.demo,
// which the demo fans share.
const demoCustomerPassword = "InternoCliente2026!"

// demoFans are the demo customers whose likes give the demo catalogue its
// like counts: every count shown is a number of likes rows, each with a name
// in the designer's statistics. They share the demo customer's password.
var demoFans = []struct{ first, last string }{
	{"Elisa", "Brambilla"}, {"Giacomo", "Ferraro"}, {"Roberta", "Sartori"}, {"Franco", "Pagano"},
	{"Lucia", "Morelli"}, {"Dario", "Bellini"}, {"Teresa", "Guerra"}, {"Fabio", "Ruggiero"},
	{"Silvia", "Basile"}, {"Mattia", "Palumbo"}, {"Laura", "Rossetti"}, {"Enrico", "Caputo"},
}

func demoFanEmail(j int) string {
	f := demoFans[j]
	return fmt.Sprintf("%s.%s@clienti.interno.demo", strings.ToLower(f.first), strings.ToLower(f.last))
}

// fansOf lists the demo customers who like designer i of the catalogue: a
// fixed pseudo-random choice, with some designers much liked and some not at
// all, the same on every run.
func fansOf(i int) []int {
	popularity := uint32(8 + ((i+7)*37)%55) // percent
	var out []int
	for j := range demoFans {
		h := fnv.New32a()
		fmt.Fprintf(h, "interno-demo-like-%d-%d", i, j)
		if h.Sum32()%100 < popularity {
			out = append(out, j)
		}
	}
	return out
}

// seedFans creates the demo customers that do not exist yet and, for each new
// one, their likes of the demo designers (through the likes repository, so
// each designer's count is its rows). designerIDs maps catalogue index to
// profile id; designers missing from it (deleted by an admin) are skipped.
// Returns how many customers and likes were created.
func (a *app) seedFans(ctx context.Context, cat []catalogueDesigner, designerIDs map[int]int64) (int, int, error) {
	users := store.NewUserRepo(a.db)
	likes := store.NewEngagementRepo(a.db)
	liked := map[int][]int{}
	for i, c := range cat {
		for _, j := range c.fans {
			liked[j] = append(liked[j], i)
		}
	}
	var hash string
	fans, made := 0, 0
	for j, f := range demoFans {
		email := demoFanEmail(j)
		if _, err := users.ByEmail(ctx, email); err == nil {
			continue
		} else if !errors.Is(err, identity.ErrUserNotFound) {
			return 0, 0, err
		}
		if hash == "" {
			hash = identity.NewPasswordHasher(identity.DefaultArgon2, 1).Hash(demoCustomerPassword)
		}
		u := identity.User{Email: email, Name: f.first + " " + f.last, Role: identity.RoleUser, PasswordHash: hash}
		if err := users.Create(ctx, &u); err != nil {
			return 0, 0, fmt.Errorf("demo customer %s: %w", email, err)
		}
		fans++
		for _, i := range liked[j] {
			id, ok := designerIDs[i]
			if !ok {
				continue
			}
			if _, err := likes.ToggleLike(ctx, u.ID, id); err != nil {
				return 0, 0, fmt.Errorf("demo like by %s: %w", email, err)
			}
			made++
		}
	}
	return fans, made, nil
}
