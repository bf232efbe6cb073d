package httpapi

import "net/http"

// alternatives is a body or answer that takes one of several shapes.
type alternatives []any

var (
	ok200   = func(v any) map[int]any { return map[int]any{http.StatusOK: v} }
	made201 = func(v any) map[int]any { return map[int]any{http.StatusCreated: v} }
	// sameOrMade answers 201 when it created the object, 200 when the
	// request repeated an earlier one (client_id, idempotency).
	sameOrMade   = func(v any) map[int]any { return map[int]any{http.StatusOK: v, http.StatusCreated: v} }
	noContent    = map[int]any{http.StatusNoContent: noBody{"Done"}}
	notModified  = noBody{"The client's copy (If-None-Match) is current"}
	pageQuery    = []query{{"page", "integer", "Page number, from 1"}, {"limit", "integer", "Items per page"}}
	appointment  = alternatives{customerAppointmentView{}, designerAppointmentView{}}
	withETag     = func(v any) map[int]any { return map[int]any{http.StatusOK: v, http.StatusNotModified: notModified} }
	imageAnswers = map[int]any{http.StatusOK: binaryImage, http.StatusNotModified: notModified}
)

// routeTable is every route of the router (TestRouteTable_MatchesRouter in
// internal/app checks both ways) with its contract.
var routeTable = []route{
	{method: "GET", path: "/metrics", id: "metrics", summary: "Prometheus metrics (404 when off or on their own listener)", tag: "operations", who: forAdmins, answers: ok200(plainText), errors: []int{404}},
	{method: "GET", path: "/api/health", id: "health", summary: "Liveness", tag: "operations", answers: ok200(statusView{})},
	{method: "GET", path: "/api/ready", id: "ready", summary: "Readiness: the database answers", tag: "operations", answers: ok200(statusView{}), errors: []int{503}},
	{method: "GET", path: "/api/config", id: "publicConfig", summary: "Public client settings", tag: "operations", answers: ok200(publicConfigView{})},
	{method: "GET", path: "/api/openapi.json", id: "openapi", summary: "This document", tag: "operations", answers: map[int]any{http.StatusOK: media{"application/json", &openAPIObject}, http.StatusNotModified: notModified}},
	{method: "GET", path: "/api/docs", id: "apiDocs", summary: "This document as a readable page", tag: "operations", answers: ok200(media{"text/html", &htmlPage})},
	{method: "POST", path: "/api/_faults", testOnly: true},
	{method: "GET", path: "/api/_faults", testOnly: true},
	{method: "DELETE", path: "/api/_faults", testOnly: true},

	{method: "POST", path: "/api/auth/register", id: "register", summary: "Create a customer account and sign in", tag: "accounts", body: registerRequest{}, answers: made201(sessionView{}), errors: []int{409}},
	{method: "POST", path: "/api/auth/login", id: "login", summary: "Sign in with e-mail and password", tag: "accounts", body: loginRequest{}, answers: ok200(sessionView{}), errors: []int{401}},
	{method: "POST", path: "/api/auth/token", id: "tokenForm", summary: "OAuth2 password form (legacy clients)", tag: "accounts", body: media{"application/x-www-form-urlencoded", &tokenForm}, answers: ok200(tokenView{}), errors: []int{401}},
	{method: "POST", path: "/api/auth/google", id: "googleLogin", summary: "Sign in with a Google ID token", tag: "accounts", body: googleRequest{}, answers: ok200(sessionView{}), errors: []int{401, 403, 409}},
	{method: "POST", path: "/api/auth/request-password-reset", id: "requestPasswordReset", summary: "E-mail a reset link (same answer for unknown addresses)", tag: "accounts", body: resetRequest{}, answers: ok200(messageOnlyView{})},
	{method: "POST", path: "/api/auth/reset-password", id: "resetPassword", summary: "Set a new password with a reset token", tag: "accounts", body: newPasswordRequest{}, answers: ok200(messageOnlyView{}), errors: []int{400}},
	{method: "POST", path: "/api/auth/reset-password/check", id: "checkResetToken", summary: "Whether a reset token still works, and its account's e-mail (the token stays unused)", tag: "accounts", body: resetCheckRequest{}, answers: ok200(resetCheckView{}), errors: []int{400}},
	{method: "POST", path: "/api/auth/logout", id: "logout", summary: "End this session", tag: "accounts", who: signedIn, answers: noContent},
	{method: "POST", path: "/api/auth/logout-all", id: "logoutAll", summary: "End every session of the account", tag: "accounts", who: signedIn, answers: noContent},
	{method: "GET", path: "/api/users/me", id: "me", summary: "The caller's account and profile", tag: "accounts", who: signedIn, query: []query{{"include_designers", "boolean", "false leaves out the matched designers"}}, answers: ok200(profileView{})},
	{method: "PUT", path: "/api/users/me", id: "updateMe", summary: "Edit the caller's account (JSON, or a multipart form with profile_picture)", tag: "accounts", who: signedIn, body: alternatives{accountEdit{}, media{"multipart/form-data", &profileForm}}, answers: ok200(profileView{}), errors: []int{409, 415}},
	{method: "DELETE", path: "/api/users/me", id: "deleteMe", summary: "Delete the caller's account", tag: "accounts", who: signedIn, answers: ok200(messageOnlyView{})},

	{method: "POST", path: "/api/designers", id: "registerDesigner", summary: "Register a designer (account and profile)", tag: "designers", body: designerRegistration{}, answers: made201(designerView{}), errors: []int{409, 415}},
	{method: "POST", path: "/api/designers/google-auth", id: "registerDesignerGoogle", summary: "Register a designer with a Google ID token", tag: "designers", body: googleDesignerRequest{}, answers: made201(designerView{}), errors: []int{401, 403, 409, 415}},
	{method: "GET", path: "/api/designers", id: "listDesigners", summary: "The designer catalogue, paged (email filter: admins, or a designer's own)", tag: "designers", query: append([]query{{"email", "string", "Only the designer with this address"}}, pageQuery...), answers: ok200(designerListView{}), errors: []int{401, 403}},
	{method: "GET", path: "/api/designers/by-email/:email", id: "designerByEmail", summary: "A designer by e-mail (the designer or admins)", tag: "designers", who: signedIn, answers: ok200(designerView{}), errors: []int{403}},
	{method: "GET", path: "/api/designers/:id", id: "getDesigner", summary: "A designer's public profile (private fields for the owner and admins)", tag: "designers", answers: ok200(designerView{})},
	{method: "PUT", path: "/api/designers/:id", id: "updateDesigner", summary: "Edit a designer's profile (the designer or admins)", tag: "designers", who: signedIn, body: designerFields{}, answers: ok200(designerView{}), errors: []int{403, 409, 415}},
	{method: "DELETE", path: "/api/designers/:id", id: "deleteDesigner", summary: "Delete a designer (the designer or admins)", tag: "designers", who: signedIn, answers: ok200(messageOnlyView{}), errors: []int{403}},

	{method: "GET", path: "/api/questionnaire", id: "questionnaire", summary: "The style questionnaire (ETag)", tag: "matching", answers: withETag(questionnaireView{})},
	{method: "POST", path: "/api/match-designers", id: "matchDesigners", summary: "Score answers, store a lead, answer the first page of matches", tag: "matching", body: matchRequest{}, answers: made201(matchesView{})},
	{method: "GET", path: "/api/designers/matches", id: "designerMatches", summary: "A page of a lead's or the customer's matches", tag: "matching", query: append([]query{{"lead_token", "string", "The lead's token (anonymous visitors)"}, {"lead_id", "integer", "The lead's id"}}, pageQuery...), answers: ok200(matchesView{}), errors: []int{401, 403}},
	{method: "GET", path: "/api/styles/*path", id: "styleImage", summary: "A generated style picture", tag: "images", answers: imageAnswers},
	{method: "GET", path: "/api/images/resize/*path", id: "resizedImage", summary: "An uploaded picture, resized", tag: "images", query: []query{{"size", "string", "thumbnail, small, medium or large"}, {"quality", "integer", "JPEG quality"}}, answers: imageAnswers},
	{method: "GET", path: "/api/uploads/*path", id: "uploadedImage", summary: "An uploaded picture", tag: "images", answers: imageAnswers},

	{method: "GET", path: "/api/appointments/availability/:designerId", id: "getAvailability", summary: "A designer's weekly availability", tag: "appointments", answers: ok200([]windowView{})},
	{method: "PUT", path: "/api/appointments/availability/:designerId", id: "putAvailability", summary: "Replace the designer's week (the designer)", tag: "appointments", who: signedIn, body: alternatives{[]windowInput{}, weekRequest{}}, answers: ok200([]windowView{}), errors: []int{403, 409}},
	{method: "GET", path: "/api/appointments/available-slots/:designerId", id: "availableSlots", summary: "A designer's free slots", tag: "appointments", query: []query{{"start_date", "string", "YYYY-MM-DD"}, {"end_date", "string", "YYYY-MM-DD"}}, answers: ok200(slotsView{})},
	{method: "POST", path: "/api/appointments", id: "bookAppointment", summary: "Book a slot", tag: "appointments", who: signedIn, body: bookingRequest{}, answers: made201(customerAppointmentView{}), errors: []int{403, 409}},
	{method: "POST", path: "/api/appointments/", id: "bookAppointmentSlash", summary: "Book a slot (trailing slash)", tag: "appointments", who: signedIn, body: bookingRequest{}, answers: made201(customerAppointmentView{}), errors: []int{403, 409}},
	{method: "GET", path: "/api/appointments/user", id: "customerAppointments", summary: "The customer's appointments", tag: "appointments", who: signedIn, query: append([]query{{"status", "string", "pending, confirmed, completed, cancelled or all"}}, pageQuery...), answers: ok200(customerAppointmentsView{})},
	{method: "GET", path: "/api/appointments/designer", id: "designerAppointments", summary: "The designer's appointments with counts", tag: "appointments", who: forDesigners, query: append([]query{{"status", "string", "pending, confirmed, completed, cancelled or all"}}, pageQuery...), answers: ok200(designerAppointmentsView{})},
	{method: "GET", path: "/api/appointments/designer/summary", id: "designerSummary", summary: "The designer's dashboard summary", tag: "appointments", who: forDesigners, answers: ok200(designerSummaryView{}), errors: []int{404}},
	{method: "GET", path: "/api/appointments/:id", id: "getAppointment", summary: "An appointment as its customer or designer sees it", tag: "appointments", who: signedIn, answers: ok200(appointment), errors: []int{403}},
	{method: "PUT", path: "/api/appointments/:id/cancel", id: "cancelAppointment", summary: "Cancel (the customer)", tag: "appointments", who: signedIn, body: lifecycleBody{}, optionalBody: true, answers: ok200(appointment), errors: []int{403, 409}},
	{method: "PUT", path: "/api/appointments/:id/confirm", id: "confirmAppointment", summary: "Confirm (the designer)", tag: "appointments", who: signedIn, body: lifecycleBody{}, optionalBody: true, answers: ok200(appointment), errors: []int{403, 409}},
	{method: "PUT", path: "/api/appointments/:id/reject", id: "rejectAppointment", summary: "Reject (the designer)", tag: "appointments", who: signedIn, body: lifecycleBody{}, optionalBody: true, answers: ok200(appointment), errors: []int{403, 409}},
	{method: "PUT", path: "/api/appointments/:id/complete", id: "completeAppointment", summary: "Mark completed (the designer)", tag: "appointments", who: signedIn, body: lifecycleBody{}, optionalBody: true, answers: ok200(appointment), errors: []int{403, 409}},
	{method: "DELETE", path: "/api/appointments/:id", id: "deleteAppointment", summary: "Delete a cancelled or past appointment (the customer)", tag: "appointments", who: signedIn, answers: ok200(appointmentDeletedView{}), errors: []int{403, 409}},

	{method: "POST", path: "/api/contacts", id: "openContact", summary: "Write to a designer (opens or continues the conversation)", tag: "messaging", who: signedIn, body: openContactInput{}, answers: sameOrMade(sentView{}), errors: []int{403, 409}},
	{method: "POST", path: "/api/contacts/", id: "openContactSlash", summary: "Write to a designer (trailing slash)", tag: "messaging", who: signedIn, body: openContactInput{}, answers: sameOrMade(sentView{}), errors: []int{403, 409}},
	{method: "POST", path: "/api/messages", id: "postMessageForm", summary: "The contact form: answers the conversation", tag: "messaging", who: signedIn, body: openContactInput{}, answers: sameOrMade(contactView{}), errors: []int{403, 409}},
	{method: "GET", path: "/api/contacts/my-contacts", id: "myContacts", summary: "The customer's conversations (ETag)", tag: "messaging", who: signedIn, query: append([]query{{"since", "string", "Only those updated after this RFC 3339 time"}}, pageQuery...), answers: withETag(contactListView{})},
	{method: "GET", path: "/api/contacts/designer-contacts", id: "designerContacts", summary: "The designer's conversations (ETag)", tag: "messaging", who: forDesigners, query: append([]query{{"since", "string", "Only those updated after this RFC 3339 time"}}, pageQuery...), answers: withETag(contactListView{})},
	{method: "GET", path: "/api/contacts/unread-count", id: "unreadCount", summary: "Unread conversations (ETag)", tag: "messaging", who: signedIn, answers: withETag(unreadView{})},
	{method: "GET", path: "/api/contacts/:id", id: "getContact", summary: "A conversation with its messages (ETag; marks read unless mark_read=false)", tag: "messaging", who: signedIn, query: []query{{"since", "integer", "Messages after this id"}, {"before", "integer", "Messages before this id"}, {"limit", "integer", "How many messages"}, {"mark_read", "boolean", "false leaves it unread"}}, answers: withETag(contactView{})},
	{method: "POST", path: "/api/contacts/:id/messages", id: "postContactMessage", summary: "Reply in a conversation", tag: "messaging", who: signedIn, body: replyRequest{}, answers: sameOrMade(sentView{}), errors: []int{403, 409}},
	{method: "PUT", path: "/api/contacts/:id/status", id: "putContactStatus", summary: "Set a conversation's status", tag: "messaging", who: signedIn, body: statusRequest{}, answers: ok200(contactView{}), errors: []int{403}},
	{method: "POST", path: "/api/events/ticket", id: "eventTicket", summary: "A short-lived ticket for the event stream", tag: "messaging", who: signedIn, answers: ok200(ticketView{})},
	{method: "GET", path: "/api/events", id: "eventStream", summary: "Live updates as server-sent events (authorised by its ticket)", tag: "messaging", query: []query{{"ticket", "string", "From POST /api/events/ticket"}}, answers: ok200(eventStream), errors: []int{401, 503}},

	{method: "POST", path: "/api/likes", id: "toggleLike", summary: "Like or unlike a designer", tag: "engagement", who: signedIn, body: designerRef{}, answers: ok200(likeToggleView{}), errors: []int{403}},
	{method: "POST", path: "/api/likes/", id: "toggleLikeSlash", summary: "Like or unlike a designer (trailing slash)", tag: "engagement", who: signedIn, body: designerRef{}, answers: ok200(likeToggleView{}), errors: []int{403}},
	{method: "GET", path: "/api/likes/mine", id: "myLikes", summary: "The caller's favourite designers", tag: "engagement", who: signedIn, answers: ok200(myLikesView{})},
	{method: "GET", path: "/api/likes/status/:id", id: "likeStatus", summary: "Whether the caller likes a designer", tag: "engagement", who: signedIn, answers: ok200(likeStatusView{})},
	{method: "GET", path: "/api/likes/designer/:id/count", id: "likeCount", summary: "A designer's like count", tag: "engagement", answers: ok200(likeCountView{})},
	{method: "GET", path: "/api/likes/stats/:id", id: "likeStats", summary: "Who liked a designer (the designer or admins)", tag: "engagement", who: signedIn, answers: ok200(likeStatsView{}), errors: []int{403}},
	{method: "POST", path: "/api/shares", id: "share", summary: "Record a share of a designer", tag: "engagement", body: designerRef{}, answers: made201(shareView{})},
	{method: "POST", path: "/api/shares/", id: "shareSlash", summary: "Record a share (trailing slash)", tag: "engagement", body: designerRef{}, answers: made201(shareView{})},
	{method: "GET", path: "/api/shares/designer/:id/count", id: "shareCount", summary: "A designer's share count", tag: "engagement", answers: ok200(shareCountView{})},
	{method: "GET", path: "/api/shares/stats/:id", id: "shareStats", summary: "Who shared a designer (the designer or admins)", tag: "engagement", who: signedIn, answers: ok200(shareStatsView{}), errors: []int{403}},
	{method: "POST", path: "/api/email/send-results", id: "sendResults", summary: "E-mail the style result", tag: "engagement", body: resultsInput{}, answers: map[int]any{http.StatusAccepted: resultsQueuedView{}}},
	{method: "GET", path: "/api/email/track/:id/click", id: "trackClickRedirect", summary: "Follow a tracked e-mail link (redirects to a page of the site)", tag: "engagement", stringID: true, query: []query{{"url", "string", "The page, a path of this site"}}, answers: map[int]any{http.StatusFound: noBody{"To the page"}}},
	{method: "POST", path: "/api/email/track/:id/click", id: "trackClick", summary: "Record a click of a tracked e-mail link", tag: "engagement", stringID: true, body: clickRequest{}, answers: ok200(recordedView{})},
	{method: "GET", path: "/api/email/stats", id: "emailStats", summary: "E-mail click report", tag: "engagement", who: forAdmins, query: []query{{"days", "integer", "The period"}, {"email_type", "string", "One kind of e-mail"}}, answers: ok200(emailStatsView{})},

	{method: "GET", path: "/api/push/key", id: "pushKey", summary: "The VAPID public key", tag: "push", answers: ok200(pushKeyView{})},
	{method: "POST", path: "/api/push/subscriptions", id: "subscribe", summary: "Register this browser for Web Push", tag: "push", who: signedIn, body: subscriptionBody{}, answers: sameOrMade(deviceView{}), errors: []int{403}},
	{method: "GET", path: "/api/push/subscriptions", id: "pushDevices", summary: "The caller's push devices", tag: "push", who: signedIn, answers: ok200(devicesView{})},
	{method: "DELETE", path: "/api/push/subscriptions", id: "unsubscribe", summary: "Stop pushes to this browser", tag: "push", who: signedIn, body: endpointRequest{}, answers: noContent},
	{method: "DELETE", path: "/api/push/subscriptions/:id", id: "unsubscribeDevice", summary: "Remove one of the caller's devices", tag: "push", who: signedIn, answers: noContent},
	{method: "GET", path: "/api/push/preferences", id: "pushPreferences", summary: "Which pushes the caller receives", tag: "push", who: signedIn, answers: ok200(preferencesView{})},
	{method: "PUT", path: "/api/push/preferences", id: "setPushPreferences", summary: "Set which pushes the caller receives", tag: "push", who: signedIn, body: preferencesRequest{}, answers: ok200(preferencesView{})},

	{method: "GET", path: "/api/admin/stats", id: "adminStats", summary: "Platform statistics", tag: "admin", who: forAdmins, answers: ok200(adminStatsView{})},
	{method: "GET", path: "/api/admin/users", id: "adminUsers", summary: "Accounts (users, total, page, limit, has_more)", tag: "admin", who: forAdmins, query: append([]query{{"q", "string", "Search"}}, pageQuery...), answers: ok200(adminUsersView{})},
	{method: "PUT", path: "/api/admin/users/:id", id: "adminUpdateUser", summary: "Edit an account", tag: "admin", who: forAdmins, body: accountEdit{}, answers: ok200(adminUserView{}), errors: []int{409}},
	{method: "DELETE", path: "/api/admin/users/:id", id: "adminDeleteUser", summary: "Delete an account", tag: "admin", who: forAdmins, answers: ok200(deletedView{}), errors: []int{409}},
	{method: "GET", path: "/api/admin/designers", id: "adminDesigners", summary: "Designers (designers, total, page, limit, has_more)", tag: "admin", who: forAdmins, query: append([]query{{"q", "string", "Search"}}, pageQuery...), answers: ok200(adminDesignersView{})},
	{method: "PUT", path: "/api/admin/designers/:id", id: "adminUpdateDesigner", summary: "Edit a designer", tag: "admin", who: forAdmins, body: designerFields{}, answers: ok200(adminDesignerView{}), errors: []int{409, 415}},
	{method: "DELETE", path: "/api/admin/designers/:id", id: "adminDeleteDesigner", summary: "Delete a designer", tag: "admin", who: forAdmins, answers: ok200(deletedView{})},
	{method: "PUT", path: "/api/admin/designers/:id/verify", id: "adminToggleVerified", summary: "Toggle a designer's verified mark", tag: "admin", who: forAdmins, answers: ok200(adminDesignerView{})},
	{method: "GET", path: "/api/admin/audit", id: "adminAudit", summary: "The audit trail (entries, total, page, limit, has_more)", tag: "admin", who: forAdmins, query: append([]query{{"q", "string", "Search"}}, pageQuery...), answers: ok200(adminAuditView{})},
}
