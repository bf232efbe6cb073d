package httpapi

// Named request bodies of the handlers that once decoded anonymous structs,
// so the OpenAPI document (openapi.go) reflects what they read.

// googleRequest is a Google ID token from Google Identity Services.
type googleRequest struct {
	Credential string `json:"credential"`
}

// resetRequest asks for a password-reset e-mail.
type resetRequest struct {
	Email string `json:"email"`
}

// newPasswordRequest sets a new password with a reset token.
type newPasswordRequest struct {
	Token       string `json:"token"`
	NewPassword string `json:"new_password"`
}

// resetCheckRequest asks whether a reset token still works, using nothing.
type resetCheckRequest struct {
	Token string `json:"token"`
}

// googleDesignerRequest registers a designer with a Google ID token.
type googleDesignerRequest struct {
	Credential   string               `json:"credential"`
	DesignerData designerRegistration `json:"designer_data"`
}

// accountEdit is an admin's edit of an account; fields left out are kept.
type accountEdit struct {
	Name     *string `json:"name"`
	Email    *string `json:"email"`
	Location *string `json:"location"`
}

// replyRequest is a message in an existing conversation; client_id makes
// a retried send answer the first one.
type replyRequest struct {
	Message  string `json:"message"`
	ClientID string `json:"client_id"`
}

// statusRequest sets a conversation's status.
type statusRequest struct {
	Status string `json:"status"`
}

// endpointRequest names a push endpoint of the caller's.
type endpointRequest struct {
	Endpoint string `json:"endpoint"`
}

// preferencesRequest sets the three push switches; all are required.
type preferencesRequest struct {
	Messages     *bool `json:"messages"`
	Appointments *bool `json:"appointments"`
	Reminders    *bool `json:"reminders"`
}

// clickRequest records a click of a tracked e-mail link.
type clickRequest struct {
	TrackingID string `json:"tracking_id"`
	ClickedURL string `json:"clicked_url"`
}
