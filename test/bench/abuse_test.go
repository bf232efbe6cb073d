//go:build bench

package bench

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// hostilePNG is a valid PNG of side×side pixels that compresses to a few
// hundred KB and costs libvips a full decode (PNG has no shrink-on-load).
func hostilePNG(t *testing.T, side int) string {
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255})
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// registration is a designer registration carrying gallery as its pictures.
func registration(n int, gallery []string) []byte {
	body, _ := json.Marshal(map[string]any{
		"name": "Studio Ostile", "email": fmt.Sprintf("ostile%d-%d@example.com", n, time.Now().UnixNano()), "password": "designer123",
		"bio": "Progetti.", "specialties": []string{"Japandi"}, "design_style": "C", "prima_proposta": "5-7 giorni",
		"work_preferences": []string{"online"}, "city": "Torino", "privacy_consent": true, "gallery_images": gallery,
	})
	return body
}

func post(t *testing.T, url string, body []byte) (int, time.Duration) {
	start := time.Now()
	res, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, time.Since(start)
}

// TestLoad_HostileImages measures issue 17's image finding on SQLite, on
// loopback, with throttling off (so only the image guards act):
//   - the worst request the server accepts: a designer registration whose
//     gallery uses the whole pixel budget with one 6300×6300 PNG (39.7 MP,
//     ~390 KB), its wall time and the server CPU it costs;
//   - a request over the budget (twelve such PNGs): refused from the headers;
//   - the latency of other callers (public catalogue and profile reads,
//     50 requests/s) alone, then while four attackers send the worst request
//     back to back.
func TestLoad_HostileImages(t *testing.T) {
	s := StartServer(t, "sqlite")
	big := hostilePNG(t, 6300)
	pid := s.cmd.Process.Pid

	// A designer to read while the attack runs.
	var d struct {
		ID int64 `json:"id"`
	}
	call(t, http.MethodPost, s.URL+"/api/designers", "", json.RawMessage(registration(0, nil)), &d)

	for i := 0; i < 3; i++ {
		before := cpuTicks(t, pid)
		status, took := post(t, s.URL+"/api/designers", registration(100+i, []string{big}))
		cpu := time.Duration(cpuTicks(t, pid)-before) * 10 * time.Millisecond
		fmt.Printf("LOAD %-48s status=%d wall=%.0fms server_cpu=%.0fms\n", "worst accepted image request (1×39.7 MP PNG)", status, ms(took), ms(cpu))
	}
	before := cpuTicks(t, pid)
	status, took := post(t, s.URL+"/api/designers", registration(200, []string{big, big, big, big, big, big, big, big, big, big, big, big}))
	cpu := time.Duration(cpuTicks(t, pid)-before) * 10 * time.Millisecond
	fmt.Printf("LOAD %-48s status=%d wall=%.0fms server_cpu=%.0fms\n", "over the budget (12×39.7 MP PNG, 4.6 MB)", status, ms(took), ms(cpu))

	reads := func(i int) *http.Request {
		path := "/api/designers?limit=5"
		if i%2 == 1 {
			path = fmt.Sprintf("/api/designers/%d", d.ID)
		}
		req, _ := http.NewRequest(http.MethodGet, s.URL+path, nil)
		return req
	}
	alone := Load(t, "catalogue reads alone", 50, 10*time.Second, reads)

	// attack runs four attackers sending gallery back to back while the reads are measured.
	attack := func(label string, gallery []string) Result {
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var accepted, refused, busy atomic.Int64
		for a := 0; a < 4; a++ {
			wg.Add(1)
			go func(a int) {
				defer wg.Done()
				// One body per attacker, built once: the attacker's own CPU stays out of the
				// measurement. After the first, the same e-mail answers 409, once the
				// pictures are processed (they are stored before the account is created).
				body := registration(1000+a, gallery)
				for {
					select {
					case <-stop:
						return
					default:
					}
					switch status, _ := post(t, s.URL+"/api/designers", body); status {
					case http.StatusCreated, http.StatusConflict:
						accepted.Add(1)
					case http.StatusServiceUnavailable:
						busy.Add(1)
					default:
						refused.Add(1)
					}
				}
			}(a)
		}
		time.Sleep(2 * time.Second) // let the attack reach its steady state before measuring
		r := Load(t, "catalogue reads during "+label, 50, 10*time.Second, reads)
		close(stop)
		wg.Wait()
		fmt.Printf("LOAD %-48s processed=%d refused=%d refused_busy=%d\n", "  "+label+": uploads", accepted.Load(), refused.Load(), busy.Load())
		return r
	}
	one := attack("4 uploaders of 1×39.7 MP", []string{big})
	twelve := attack("4 uploaders of 12×39.7 MP", []string{big, big, big, big, big, big, big, big, big, big, big, big})
	fmt.Printf("NOTE other callers' p50/p99 %.1f/%.1f ms alone, %.1f/%.1f ms with 1-picture attackers, %.1f/%.1f ms with 12-picture attackers\n",
		ms(alone.P50), ms(alone.P99), ms(one.P50), ms(one.P99), ms(twelve.P50), ms(twelve.P99))
}
