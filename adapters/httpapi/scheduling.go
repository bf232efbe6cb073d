package httpapi

import (
	"bytes"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"interno/core/fault"
	"interno/core/scheduling"
)

func (s *Server) registerScheduling(api *gin.RouterGroup) {
	g := api.Group("/appointments")
	g.GET("/availability/:designerId", s.getAvailability)
	g.PUT("/availability/:designerId", requireUser, s.putAvailability)
	g.GET("/available-slots/:designerId", s.availableSlots)
	g.POST("", requireUser, s.bookAppointment)
	g.POST("/", requireUser, s.bookAppointment)
	g.GET("/user", requireUser, s.customerAppointments)
	g.GET("/designer", requireDesigner, s.designerAppointments)
	g.GET("/designer/summary", requireDesigner, s.designerSummary)
	g.GET("/:id", requireUser, s.getAppointment)
	g.PUT("/:id/cancel", requireUser, s.cancelAppointment)
	g.PUT("/:id/confirm", requireUser, s.confirmAppointment)
	g.PUT("/:id/reject", requireUser, s.rejectAppointment)
	g.PUT("/:id/complete", requireUser, s.completeAppointment)
	g.DELETE("/:id", requireUser, s.deleteAppointment)
}

// windowView is one weekly availability window.
type windowView struct {
	ID        int64  `json:"id"`
	DayOfWeek int    `json:"day_of_week"`
	DayName   string `json:"day_name"`
	StartTime string `json:"start_time"`
	EndTime   string `json:"end_time"`
	IsActive  bool   `json:"is_active"`
}

func weekView(week []scheduling.Window) []windowView {
	out := make([]windowView, len(week))
	for i, w := range week {
		out[i] = windowView{ID: w.ID, DayOfWeek: w.DayOfWeek, DayName: scheduling.DayNames[w.DayOfWeek],
			StartTime: w.Start.String(), EndTime: w.End.String(), IsActive: w.Active}
	}
	return out
}

func (s *Server) getAvailability(c *gin.Context) {
	id, ok := pathID(c, "designerId")
	if !ok {
		return
	}
	week, err := s.d.Scheduling.Week(c.Request.Context(), id)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.JSON(http.StatusOK, weekView(week))
}

// windowInput is a window as the editor sends it; is_active defaults to true.
type windowInput struct {
	DayOfWeek *flexInt `json:"day_of_week"`
	StartTime string   `json:"start_time"`
	EndTime   string   `json:"end_time"`
	IsActive  *bool    `json:"is_active"`
}

// weekRequest is the week wrapped with the ids of windows to keep.
type weekRequest struct {
	Slots *[]windowInput `json:"slots"`
	Keep  []int64        `json:"keep"`
}

func (s *Server) putAvailability(c *gin.Context) {
	id, ok := pathID(c, "designerId")
	if !ok {
		return
	}
	raw, err := io.ReadAll(c.Request.Body)
	if err != nil {
		_ = c.Error(err)
		return
	}
	// The week may come as a bare list or as {"slots": [...], "keep": [ids]},
	// where keep acknowledges upcoming appointments the new week leaves out.
	var items []windowInput
	var keep []int64
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) > 0 && trimmed[0] == '{' {
		var wrapped weekRequest
		c.Request.Body = io.NopCloser(bytes.NewReader(trimmed))
		if !bindJSON(c, &wrapped) {
			return
		}
		if wrapped.Slots == nil {
			_ = c.Error(fault.InvalidField("slots", "Send the week as a list of slots, or as {\"slots\": [...]}"))
			return
		}
		items = *wrapped.Slots
		keep = wrapped.Keep
	} else {
		c.Request.Body = io.NopCloser(bytes.NewReader(trimmed))
		if !bindJSON(c, &items) {
			return
		}
	}
	in := make([]scheduling.WindowInput, len(items))
	for i, it := range items {
		in[i] = scheduling.WindowInput{DayOfWeek: -1, StartTime: it.StartTime, EndTime: it.EndTime, Active: it.IsActive == nil || *it.IsActive}
		if it.DayOfWeek != nil {
			in[i].DayOfWeek = int(*it.DayOfWeek)
		}
	}
	week, err := s.d.Scheduling.SetWeek(c.Request.Context(), callerOf(c), id, in, keep...)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, weekView(week))
}

// queryDate reads an optional YYYY-MM-DD query parameter; a bad one is a 422.
func queryDate(c *gin.Context, name string) (scheduling.Date, bool, bool) {
	v := c.Query(name)
	if v == "" {
		return scheduling.Date{}, false, true
	}
	d, ok := scheduling.ParseDate(v)
	if !ok {
		msg := name + " must be a real date written YYYY-MM-DD"
		_ = c.Error(&fault.Error{Code: fault.Invalid, Message: msg, Reason: "validation",
			Fields: []fault.FieldError{{Loc: []string{"query", name}, Msg: msg, Type: "value_error.date"}}})
		return scheduling.Date{}, false, false
	}
	return d, true, true
}

func (s *Server) availableSlots(c *gin.Context) {
	id, ok := pathID(c, "designerId")
	if !ok {
		return
	}
	from, hasFrom, ok := queryDate(c, "start_date")
	if !ok {
		return
	}
	to, hasTo, ok := queryDate(c, "end_date")
	if !ok {
		return
	}
	svc := s.d.Scheduling
	if !hasFrom {
		from = scheduling.DateOf(s.cfg.Clock().In(svc.Location()))
	}
	if !hasTo {
		to = from.AddDays(29)
	}
	slots, err := svc.FreeSlots(c.Request.Context(), id, from, to)
	if err != nil {
		_ = c.Error(err)
		return
	}
	infos := make([]scheduling.SlotInfo, len(slots))
	for i, sl := range slots {
		infos[i] = sl.Info()
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, slotsView{DesignerID: id, StartDate: from.String(), EndDate: to.String(),
		Timezone: svc.Location().String(), SlotMinutes: int(svc.SlotLength() / time.Minute), Slots: infos})
}

// customerAppointmentView is an appointment as its customer sees it. The
// designer's e-mail and the call link appear once the designer confirmed.
type customerAppointmentView struct {
	AppointmentID   int64  `json:"appointment_id"`
	ID              int64  `json:"id"`
	DesignerID      int64  `json:"designer_id"`
	AppointmentDate string `json:"appointment_date"`
	EndDate         string `json:"end_date"`
	DurationMinutes int    `json:"duration_minutes"`
	Status          string `json:"status"`
	DesignerName    string `json:"designer_name"`
	DesignerEmail   string `json:"designer_email"`
	DesignerPicture string `json:"designer_profile_picture"`
	CallLink        string `json:"call_link"`
	DesignerNotes   string `json:"designer_notes"`
	Reason          string `json:"reason"`
	CancelledBy     string `json:"cancelled_by"`
	Message         string `json:"message"`
	UserPhone       string `json:"user_phone"`
	CreatedAt       string `json:"created_at"`
	UpdatedAt       string `json:"updated_at"`
}

// designerAppointmentView is an appointment as its designer sees it.
type designerAppointmentView struct {
	AppointmentID   int64  `json:"appointment_id"`
	ID              int64  `json:"id"`
	DesignerID      int64  `json:"designer_id"`
	AppointmentDate string `json:"appointment_date"`
	EndDate         string `json:"end_date"`
	DurationMinutes int    `json:"duration_minutes"`
	Status          string `json:"status"`
	UserName        string `json:"user_name"`
	UserEmail       string `json:"user_email"`
	UserPhone       string `json:"user_phone"`
	Message         string `json:"message"`
	DesignerNotes   string `json:"designer_notes"`
	CallLink        string `json:"call_link"`
	Reason          string `json:"reason"`
	CancelledBy     string `json:"cancelled_by"`
	CreatedAt       string `json:"created_at"`
	UpdatedAt       string `json:"updated_at"`
}

func (s *Server) localTime(t time.Time) string {
	return t.In(s.d.Scheduling.Location()).Format(time.RFC3339)
}

func (s *Server) customerView(a scheduling.Appointment) customerAppointmentView {
	v := customerAppointmentView{AppointmentID: a.ID, ID: a.ID, DesignerID: a.DesignerID, AppointmentDate: s.localTime(a.StartsAt),
		EndDate: s.localTime(a.EndsAt), DurationMinutes: int(a.EndsAt.Sub(a.StartsAt) / time.Minute), Status: string(a.Status),
		DesignerName: a.DesignerName, DesignerPicture: publicPath(a.DesignerPicture), DesignerNotes: a.DesignerNotes,
		Reason: a.Reason, CancelledBy: string(a.CancelledBy), Message: a.Message, UserPhone: a.CustomerPhone,
		CreatedAt: rfc3339(a.CreatedAt), UpdatedAt: rfc3339(a.UpdatedAt)}
	if a.Status == scheduling.Confirmed || a.Status == scheduling.Completed {
		v.DesignerEmail = a.DesignerEmail
	}
	if a.Status == scheduling.Confirmed {
		v.CallLink = a.CallLink
	}
	return v
}

func (s *Server) designerView(a scheduling.Appointment) designerAppointmentView {
	v := designerAppointmentView{AppointmentID: a.ID, ID: a.ID, DesignerID: a.DesignerID, AppointmentDate: s.localTime(a.StartsAt),
		EndDate: s.localTime(a.EndsAt), DurationMinutes: int(a.EndsAt.Sub(a.StartsAt) / time.Minute), Status: string(a.Status),
		UserName: a.CustomerName, UserEmail: a.CustomerEmail, UserPhone: a.CustomerPhone, Message: a.Message,
		DesignerNotes: a.DesignerNotes, Reason: a.Reason, CancelledBy: string(a.CancelledBy),
		CreatedAt: rfc3339(a.CreatedAt), UpdatedAt: rfc3339(a.UpdatedAt)}
	if a.Status == scheduling.Confirmed {
		v.CallLink = a.CallLink
	}
	return v
}

// viewFor renders a for whichever side the caller is on.
func (s *Server) viewFor(c *gin.Context, a scheduling.Appointment) any {
	if p, _ := a.PartyOf(callerOf(c).UserID); p == scheduling.ByDesigner {
		return s.designerView(a)
	}
	return s.customerView(a)
}

type bookingRequest struct {
	DesignerID      *flexInt `json:"designer_id"`
	AppointmentDate *string  `json:"appointment_date"`
	Message         string   `json:"message"`
	Phone           string   `json:"phone"`
	UserPhone       string   `json:"user_phone"`
}

func (s *Server) bookAppointment(c *gin.Context) {
	var req bookingRequest
	if !bindJSON(c, &req) {
		return
	}
	r := scheduling.BookRequest{Message: req.Message, Phone: req.Phone}
	if r.Phone == "" {
		r.Phone = req.UserPhone
	}
	if req.DesignerID != nil {
		r.DesignerID = int64(*req.DesignerID)
	}
	if req.AppointmentDate != nil && *req.AppointmentDate != "" {
		t, ok := scheduling.ParseInstant(*req.AppointmentDate, s.d.Scheduling.Location())
		if !ok {
			_ = c.Error(fault.InvalidField("appointment_date", "appointment_date must be a date and time such as 2026-03-10T09:00:00+01:00"))
			return
		}
		r.Start = t
	}
	a, err := s.d.Scheduling.Book(c.Request.Context(), callerOf(c), r)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusCreated, s.customerView(a))
}

func (s *Server) customerAppointments(c *gin.Context) {
	page, limit, ok := paging(c, 50, 100)
	if !ok {
		return
	}
	p, err := s.d.Scheduling.CustomerAppointments(c.Request.Context(), callerOf(c), (page-1)*limit, limit)
	if err != nil {
		_ = c.Error(err)
		return
	}
	views := make([]customerAppointmentView, len(p.Items))
	for i, a := range p.Items {
		views[i] = s.customerView(a)
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, customerAppointmentsView{Appointments: views, Total: p.Total, Page: page, Limit: limit,
		HasMore: (page-1)*limit+len(views) < p.Total})
}

func countsView(m map[scheduling.Status]int) countsByStatus {
	all := 0
	for _, n := range m {
		all += n
	}
	return countsByStatus{All: all, Pending: m[scheduling.Pending], Confirmed: m[scheduling.Confirmed],
		Completed: m[scheduling.Completed], Cancelled: m[scheduling.Cancelled]}
}

func (s *Server) designerAppointments(c *gin.Context) {
	page, limit, ok := paging(c, 50, 100)
	if !ok {
		return
	}
	status := scheduling.Status(c.Query("status"))
	if status == "all" {
		status = ""
	}
	p, err := s.d.Scheduling.DesignerAppointments(c.Request.Context(), callerOf(c), status, (page-1)*limit, limit)
	if err != nil {
		_ = c.Error(err)
		return
	}
	views := make([]designerAppointmentView, len(p.Items))
	for i, a := range p.Items {
		views[i] = s.designerView(a)
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, designerAppointmentsView{Appointments: views, Counts: countsView(p.Counts), Total: p.Total, Page: page,
		Limit: limit, HasMore: (page-1)*limit+len(views) < p.Total})
}

func (s *Server) designerSummary(c *gin.Context) {
	sum, err := s.d.Scheduling.DesignerSummary(c.Request.Context(), callerOf(c))
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, designerSummaryView{DesignerID: sum.DesignerID, Counts: countsView(sum.Counts),
		ConfirmedAppointments: sum.Counts[scheduling.Confirmed], AvailabilitySettings: sum.ActiveWindows})
}

func (s *Server) getAppointment(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	a, err := s.d.Scheduling.Get(c.Request.Context(), callerOf(c), id)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, s.viewFor(c, a))
}

// optionalJSON decodes a body when one was sent; an empty body is fine.
func optionalJSON(c *gin.Context, dst any) bool {
	raw, err := io.ReadAll(c.Request.Body)
	if err != nil {
		_ = c.Error(err)
		return false
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return true
	}
	c.Request.Body = io.NopCloser(bytes.NewReader(raw))
	return bindJSON(c, dst)
}

// lifecycle handles the PUT steps: decode the optional body, run the step,
// answer with the caller's view of the appointment.
func (s *Server) lifecycle(c *gin.Context, step func(c *gin.Context, id int64, body lifecycleBody) (scheduling.Appointment, error)) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	var body lifecycleBody
	if !optionalJSON(c, &body) {
		return
	}
	a, err := step(c, id, body)
	if err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, s.viewFor(c, a))
}

type lifecycleBody struct {
	Reason        string `json:"reason"`
	DesignerNotes string `json:"designer_notes"`
	Notes         string `json:"notes"`
}

func (s *Server) cancelAppointment(c *gin.Context) {
	s.lifecycle(c, func(c *gin.Context, id int64, b lifecycleBody) (scheduling.Appointment, error) {
		return s.d.Scheduling.Cancel(c.Request.Context(), callerOf(c), id, b.Reason)
	})
}

func (s *Server) confirmAppointment(c *gin.Context) {
	s.lifecycle(c, func(c *gin.Context, id int64, b lifecycleBody) (scheduling.Appointment, error) {
		notes := b.DesignerNotes
		if notes == "" {
			notes = b.Notes
		}
		return s.d.Scheduling.Confirm(c.Request.Context(), callerOf(c), id, notes)
	})
}

func (s *Server) rejectAppointment(c *gin.Context) {
	s.lifecycle(c, func(c *gin.Context, id int64, b lifecycleBody) (scheduling.Appointment, error) {
		return s.d.Scheduling.Reject(c.Request.Context(), callerOf(c), id, b.Reason)
	})
}

func (s *Server) completeAppointment(c *gin.Context) {
	s.lifecycle(c, func(c *gin.Context, id int64, _ lifecycleBody) (scheduling.Appointment, error) {
		return s.d.Scheduling.Complete(c.Request.Context(), callerOf(c), id)
	})
}

func (s *Server) deleteAppointment(c *gin.Context) {
	id, ok := pathID(c, "id")
	if !ok {
		return
	}
	if err := s.d.Scheduling.Delete(c.Request.Context(), callerOf(c), id); err != nil {
		_ = c.Error(err)
		return
	}
	c.JSON(http.StatusOK, appointmentDeletedView{Message: "Appointment deleted", AppointmentID: id})
}
