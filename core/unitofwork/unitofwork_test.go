package unitofwork

import (
	"context"
	"testing"
)

func TestAfterCommit(t *testing.T) {
	t.Run("RunsAtOnceWithoutScope", func(t *testing.T) {
		ran := false
		AfterCommit(context.Background(), func() { ran = true })
		if !ran {
			t.Fatal("hook did not run")
		}
	})
	t.Run("DeferredUntilCommitted", func(t *testing.T) {
		ctx, s := Begin(context.Background())
		var order []int
		AfterCommit(ctx, func() { order = append(order, 1) })
		AfterCommit(ctx, func() { order = append(order, 2) })
		if len(order) != 0 {
			t.Fatal("hooks ran before commit")
		}
		s.Committed()
		if len(order) != 2 || order[0] != 1 || order[1] != 2 {
			t.Fatalf("order = %v", order)
		}
		s.Committed()
		if len(order) != 2 {
			t.Fatal("hooks ran twice")
		}
	})
	t.Run("DroppedOnRollback", func(t *testing.T) {
		ctx, s := Begin(context.Background())
		ran := false
		AfterCommit(ctx, func() { ran = true })
		s.Discarded()
		s.Committed()
		if ran {
			t.Fatal("hook ran after rollback")
		}
	})
	t.Run("NestedBeginJoinsOuter", func(t *testing.T) {
		ctx, outer := Begin(context.Background())
		inner, s := Begin(ctx)
		if s != nil {
			t.Fatal("nested Begin must not create a scope")
		}
		ran := false
		AfterCommit(inner, func() { ran = true })
		outer.Committed()
		if !ran {
			t.Fatal("hook registered in nested context did not run on outer commit")
		}
	})
}
