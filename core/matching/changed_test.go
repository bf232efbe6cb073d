package matching

import (
	"context"
	"testing"
	"time"

	"interno/core/style"
)

// gatedRepo holds each Profiles read until the test lets it go.
type gatedRepo struct {
	*fakeRepo
	gate    chan struct{}
	reading chan struct{}
}

func (g *gatedRepo) Profiles(ctx context.Context) ([]Profile, error) {
	g.reading <- struct{}{}
	<-g.gate
	return g.fakeRepo.Profiles(ctx)
}

func (g *gatedRepo) setProfiles(n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.profiles = nil
	for i := 1; i <= n; i++ {
		g.profiles = append(g.profiles, Profile{DesignerID: int64(i), DesignStyle: style.Codes[0]})
	}
}

func (g *gatedRepo) readCount() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.reads
}

// A change announced by the database refreshes the index in the background:
// requests keep being served by the current index during the read, and
// changes arriving during a read cause exactly one more read.
func TestChanged_RefreshesInTheBackgroundAndCoalesces(t *testing.T) {
	repo := &gatedRepo{fakeRepo: &fakeRepo{}, gate: make(chan struct{}), reading: make(chan struct{})}
	repo.setProfiles(3)
	s := NewService(Config{CacheTTL: time.Hour}, repo)
	a := Analysis{Dominant: style.Codes[0], Percentages: map[style.Code]int{style.Codes[0]: 100}}
	ctx := context.Background()

	s.Changed() // nothing cached yet: no read
	first := make(chan ranking)
	go func() { r, _ := s.ranking(ctx, a); first <- r }()
	<-repo.reading
	repo.gate <- struct{}{}
	if r := <-first; r.total != 3 {
		t.Fatalf("first ranking: %d designers, want 3", r.total)
	}

	repo.setProfiles(5)
	s.Changed()
	<-repo.reading // the background read has started; hold it
	if r, err := s.ranking(ctx, a); err != nil || r.total != 3 {
		t.Fatalf("during the refresh a request got %d designers (%v), want the current index's 3 without waiting", r.total, err)
	}
	s.Changed()
	s.Changed()
	repo.gate <- struct{}{} // the first refresh ends; one more read follows
	<-repo.reading
	repo.setProfiles(6)
	repo.gate <- struct{}{}
	deadline := time.Now().Add(10 * time.Second)
	for {
		r, err := s.ranking(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		if r.total == 6 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the index never caught up: %d designers", r.total)
		}
		time.Sleep(time.Millisecond)
	}
	select {
	case <-repo.reading:
		t.Fatal("three changes during one read caused more than one further read")
	case <-time.After(50 * time.Millisecond):
	}
	if n := repo.readCount(); n != 3 {
		t.Fatalf("%d reads, want 3 (first request, the change, one for the changes during it)", n)
	}
}
