package httpapi

import (
	"encoding/json"
	"errors"
	"io/fs"
	"strings"
)

// preloadFile is written by the build (web/scripts/preload-map.mjs): for each
// first route of a visit, the files it needs beyond what index.html loads.
const preloadFile = ".vite/preload.json"

// routePreload is one route of preload.json.
type routePreload struct {
	Path  string `json:"path"`
	Links []struct {
		Href string `json:"href"`
		Rel  string `json:"rel"`
		As   string `json:"as"`
		Type string `json:"type"`
	} `json:"links"`
}

// preloads maps page paths to the Link header sent with the app shell, so the
// browser fetches a route's screen code, its styles and the first fonts
// together with the entry instead of in later round trips (RFC 8288 links;
// modulepreload for modules, crossorigin for fonts and styles as their
// fetches need).
type preloads []preloadRoute

type preloadRoute struct {
	segments []string // "{id}" matches any one segment
	header   string
}

func loadPreloads(files fs.FS) (preloads, error) {
	data, err := fs.ReadFile(files, preloadFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil // a build without the map (tests): no hints
	}
	if err != nil {
		return nil, err
	}
	var routes []routePreload
	if err := json.Unmarshal(data, &routes); err != nil {
		return nil, err
	}
	out := make(preloads, 0, len(routes))
	for _, r := range routes {
		parts := make([]string, 0, len(r.Links))
		for _, l := range r.Links {
			if !strings.HasPrefix(l.Href, "/") || strings.ContainsAny(l.Href, "<>,;\" ") {
				continue // only our own paths, nothing that could break the header
			}
			p := "<" + l.Href + ">; rel=" + l.Rel
			if l.As != "" {
				p += "; as=" + l.As
			}
			if l.Type != "" {
				p += `; type="` + l.Type + `"`
			}
			if l.As == "font" || l.As == "style" {
				// Fonts are always fetched in CORS mode; Vite's loader adds its
				// route stylesheets with crossorigin: the preload must match
				// or the browser fetches the file again.
				p += "; crossorigin"
			}
			parts = append(parts, p)
		}
		if len(parts) > 0 {
			out = append(out, preloadRoute{segments: splitPath(r.Path), header: strings.Join(parts, ", ")})
		}
	}
	return out, nil
}

func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// header returns the Link header for a page path, or "".
func (ps preloads) header(path string) string {
	segs := splitPath(path)
	for _, r := range ps {
		if _, ok := matchSegments(r.segments, segs); ok {
			return r.header
		}
	}
	return ""
}

// matchSegments reports whether a page path's segments (splitPath) match a
// route's, where a "{name}" segment matches any one non-empty segment, and
// returns the segments so matched, in order.
func matchSegments(route, segs []string) (params []string, ok bool) {
	if len(route) != len(segs) {
		return nil, false
	}
	for i, s := range route {
		switch {
		case strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") && segs[i] != "":
			params = append(params, segs[i])
		case s != segs[i]:
			return nil, false
		}
	}
	return params, true
}
