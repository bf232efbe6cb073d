package store

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm/logger"
)

// SlowQuery is the duration above which a statement is logged as a warning.
const SlowQuery = 250 * time.Millisecond

// slowLog is GORM's logger: it writes only statements slower than its
// threshold, without their values (parameterised SQL), through slog with the
// statement's context, so the line names the request that ran it
// (core/trace). Errors are not logged here: repositories translate them and
// the HTTP adapter logs what is a server fault.
type slowLog struct {
	log       *slog.Logger
	threshold time.Duration
}

func (l slowLog) LogMode(logger.LogLevel) logger.Interface      { return l }
func (l slowLog) Info(context.Context, string, ...interface{})  {}
func (l slowLog) Warn(context.Context, string, ...interface{})  {}
func (l slowLog) Error(context.Context, string, ...interface{}) {}

// ParamsFilter keeps the values of a statement out of the log.
func (l slowLog) ParamsFilter(_ context.Context, sql string, _ ...interface{}) (string, []interface{}) {
	return sql, nil
}

func (l slowLog) Trace(ctx context.Context, begin time.Time, fc func() (string, int64), _ error) {
	elapsed := time.Since(begin)
	if elapsed < l.threshold {
		return
	}
	sql, rows := fc()
	l.log.WarnContext(ctx, "slow query", "duration_ms", float64(elapsed.Microseconds())/1000, "rows", rows, "sql", sql)
}
