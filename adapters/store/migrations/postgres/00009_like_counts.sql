-- +goose Up
-- designers.like_count is the number of the designer's likes rows, kept in
-- step by the transaction that adds or removes a like. Earlier demo catalogues
-- stored invented counts there with no rows behind them (a card read "49 mi
-- piace" while /api/likes/designer/{id}/count said 0): count the rows again.
UPDATE designers SET like_count = (SELECT COUNT(*) FROM likes WHERE likes.designer_id = designers.id);

-- +goose Down
-- Nothing to undo: the recount only corrects a copy of the likes rows.
SELECT 1;
