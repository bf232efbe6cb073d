-- +goose Up
-- One account, one style profile (issue 15). users.lead_id points at the
-- questionnaire the account's profile is, with its answers and analysis
-- copied next to it. Customers who took the questionnaire while signed in
-- before this change have the lead but not the profile: point them at their
-- newest lead and copy its answers and analysis.
UPDATE users SET
    questionnaire_answers = (SELECT l.answers FROM leads l WHERE l.user_id = users.id ORDER BY l.id DESC LIMIT 1),
    style_analysis        = (SELECT l.style_analysis FROM leads l WHERE l.user_id = users.id ORDER BY l.id DESC LIMIT 1),
    lead_id               = (SELECT MAX(l.id) FROM leads l WHERE l.user_id = users.id)
WHERE role = 'user'
  AND EXISTS (SELECT 1 FROM leads l WHERE l.user_id = users.id AND l.id > COALESCE(users.lead_id, 0));

-- +goose Down
-- Nothing to undo: the accounts keep the profile they had.
SELECT 1;
