package engagement

import (
	"context"
	"sort"
	"sync"
	"time"

	"interno/core/email"
	"interno/core/kernel"
)

type likeKey struct{ user, designer int64 }

// fakeRepo keeps everything in maps behind one mutex, which is the
// serialisation the real repository gets from its transaction.
type fakeRepo struct {
	mu     sync.Mutex
	likes  map[likeKey]time.Time
	names  map[int64]string
	shares []Share
	sends  []Send
	clicks map[string]int
	now    func() time.Time
}

func newFakeRepo(now func() time.Time) *fakeRepo {
	return &fakeRepo{likes: map[likeKey]time.Time{}, names: map[int64]string{}, clicks: map[string]int{}, now: now}
}

func (f *fakeRepo) countLocked(designerID int64) int {
	n := 0
	for k := range f.likes {
		if k.designer == designerID {
			n++
		}
	}
	return n
}

func (f *fakeRepo) ToggleLike(_ context.Context, userID, designerID int64) (Toggled, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := likeKey{userID, designerID}
	_, had := f.likes[k]
	if had {
		delete(f.likes, k)
	} else {
		f.likes[k] = f.now()
	}
	return Toggled{Liked: !had, LikeCount: f.countLocked(designerID)}, nil
}

func (f *fakeRepo) Liked(_ context.Context, userID, designerID int64) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, ok := f.likes[likeKey{userID, designerID}]
	return ok, nil
}

func (f *fakeRepo) LikeCount(_ context.Context, designerID int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.countLocked(designerID), nil
}

func (f *fakeRepo) Likes(_ context.Context, designerID int64) ([]Like, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Like
	for k, at := range f.likes {
		if k.designer == designerID {
			out = append(out, Like{UserID: k.user, UserName: f.names[k.user], LikedAt: at})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].LikedAt.After(out[j].LikedAt) })
	return out, nil
}

func (f *fakeRepo) LikedBy(_ context.Context, userID int64) ([]LikedDesigner, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []LikedDesigner
	for k, at := range f.likes {
		if k.user == userID {
			out = append(out, LikedDesigner{DesignerID: k.designer, LikedAt: at})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].LikedAt.After(out[j].LikedAt) })
	return out, nil
}

func (f *fakeRepo) AddShare(_ context.Context, s Share) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.shares = append(f.shares, s)
	return nil
}

func (f *fakeRepo) ShareCount(_ context.Context, designerID int64) (int, error) {
	st, err := f.Shares(context.Background(), designerID)
	return st.Total, err
}

func (f *fakeRepo) Shares(_ context.Context, designerID int64) (ShareStats, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	st := ShareStats{ByPlatform: map[Platform]int{}}
	for _, s := range f.shares {
		if s.DesignerID != designerID {
			continue
		}
		st.Total++
		st.ByPlatform[s.Platform]++
		if s.UserID != 0 {
			s.UserName = f.names[s.UserID]
			st.Sharers = append(st.Sharers, s)
		}
	}
	return st, nil
}

func (f *fakeRepo) ForgetUser(_ context.Context, userID int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for k := range f.likes {
		if k.user == userID {
			delete(f.likes, k)
		}
	}
	for i := range f.shares {
		if f.shares[i].UserID == userID {
			f.shares[i].UserID = 0
		}
	}
	return nil
}

func (f *fakeRepo) AddSend(_ context.Context, s Send) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sends = append(f.sends, s)
	return nil
}

func (f *fakeRepo) CountSends(_ context.Context, kind, recipient, sender string, since time.Time) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, s := range f.sends {
		if (kind == "" || s.Kind == kind) && (recipient == "" || s.Recipient == recipient) &&
			(sender == "" || s.Sender == sender) && !s.SentAt.Before(since) {
			n++
		}
	}
	return n, nil
}

func (f *fakeRepo) AddClick(_ context.Context, trackingID, _ string, _ time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.sends {
		if s.TrackingID == trackingID {
			f.clicks[trackingID]++
			return nil
		}
	}
	return ErrTrackingNotFound
}

func (f *fakeRepo) SendStats(_ context.Context, since time.Time, kind string) ([]KindStats, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	by := map[string]*KindStats{}
	for _, s := range f.sends {
		if s.SentAt.Before(since) || (kind != "" && s.Kind != kind) {
			continue
		}
		if by[s.Kind] == nil {
			by[s.Kind] = &KindStats{Kind: s.Kind}
		}
		by[s.Kind].Sent++
		if f.clicks[s.TrackingID] > 0 {
			by[s.Kind].Clicked++
		}
	}
	var out []KindStats
	for _, v := range by {
		out = append(out, *v)
	}
	return out, nil
}

type fakeDesigners map[int64]kernel.DesignerRef

func (f fakeDesigners) Designer(_ context.Context, id int64) (kernel.DesignerRef, error) {
	d, ok := f[id]
	if !ok {
		return kernel.DesignerRef{}, ErrDesignerNotFound
	}
	return d, nil
}

type fakeAccounts map[int64]Account

func (f fakeAccounts) Account(_ context.Context, id int64) (Account, error) {
	return f[id], nil
}

type fakeQueue struct {
	mu   sync.Mutex
	jobs []email.Job
}

func (q *fakeQueue) Enqueue(_ context.Context, j email.Job) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.jobs = append(q.jobs, j)
	return nil
}

type fakeTx struct{}

func (fakeTx) InTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }
