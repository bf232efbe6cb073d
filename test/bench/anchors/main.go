// Command anchors is the yardstick of the API's own overhead (make bench,
// test/bench/overhead_test.go): a bare Gin engine, without any middleware,
// answering the same two things as the real server — a small JSON object
// (beside GET /api/health) and the same GORM primary-key read of a designer
// on the same SQLite file (beside GET /api/designers/{id}). Whatever the real
// routes cost beyond these is the middleware chain and the view.
//
//	anchors -addr 127.0.0.1:9000 -data DIR
//
// DIR is the real server's INTERNO_DATA_DIR; the store is opened with the
// server's own settings (store.Open), so both read the database the same way.
package main

import (
	"context"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/gin-gonic/gin"

	"interno/adapters/store"
)

// designerRow is the designers row with its account's e-mail, as the store reads it.
type designerRow struct {
	ID              int64     `json:"id"`
	UserID          int64     `json:"user_id"`
	Name            string    `json:"name"`
	Phone           string    `json:"phone"`
	City            string    `json:"city"`
	Bio             string    `json:"bio"`
	ProfilePicture  string    `json:"profile_picture"`
	GalleryImages   string    `json:"gallery_images"`
	DesignStyle     string    `json:"design_style"`
	WorkPreferences string    `json:"work_preferences"`
	Specialties     string    `json:"specialties"`
	Experience      int       `json:"experience"`
	MinBudget       int       `json:"min_budget"`
	PrimaProposta   string    `json:"prima_proposta"`
	Website         string    `json:"website"`
	Portfolio       string    `json:"portfolio"`
	SocialInstagram string    `json:"social_instagram"`
	SocialFacebook  string    `json:"social_facebook"`
	SocialYoutube   string    `json:"social_youtube"`
	SocialTiktok    string    `json:"social_tiktok"`
	SocialWebsite   string    `json:"social_website"`
	Verified        bool      `json:"verified"`
	LikeCount       int       `json:"like_count"`
	CreatedAt       time.Time `json:"created_at"`
	UpdatedAt       time.Time `json:"updated_at"`
	Email           string    `json:"email"`
}

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "listen address (loopback)")
	data := flag.String("data", "", "the server's data directory (SQLite file interno.db)")
	flag.Parse()
	db, err := store.Open(store.Options{DataDir: *data})
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.GET("/anchor/json", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) })
	e.GET("/anchor/designers/:id", func(c *gin.Context) {
		id, err := strconv.ParseInt(c.Param("id"), 10, 64)
		if err != nil {
			c.Status(http.StatusUnprocessableEntity)
			return
		}
		var row designerRow
		err = db.Conn(c.Request.Context()).Table("designers").Select("designers.*, users.email AS email").
			Joins("JOIN users ON users.id = designers.user_id").Where("designers.id = ?", id).Take(&row).Error
		if err != nil {
			c.Status(http.StatusNotFound)
			return
		}
		c.JSON(http.StatusOK, row)
	})
	srv := &http.Server{Addr: *addr, Handler: e, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.ListenAndServe(); err != nil && err != http.ErrServerClosed {
			log.Fatal(err)
		}
	}()
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, os.Interrupt)
	<-stop
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
}
