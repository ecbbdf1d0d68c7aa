package web

// This file holds what a request must pass before it reaches the API: a
// loopback server's Host, a same-origin POST, a JSON body.

import (
	"mime"
	"net"
	"net/http"
	"strings"
)

// guard refuses what a browser on another site could make a visitor's
// browser send to this server. A server on a loopback address answers only
// requests that name a loopback host (421 otherwise), so that a DNS name
// rebound to 127.0.0.1 reaches nothing; a POST from another origin is a
// 403 (http.CrossOriginProtection: Sec-Fetch-Site, or Origin against
// Host); and the API takes only application/json (415), which a page on
// another site cannot send without a preflight that this server never
// grants.
func guard(next http.Handler) http.Handler {
	origins := http.NewCrossOriginProtection()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && loopback(hostOf(local.String())) && !loopback(hostOf(r.Host)) {
			fail(w, http.StatusMisdirectedRequest, "this server listens on the loopback only and answers for localhost, not for the host %q", r.Host)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/api/") && r.Method == http.MethodPost {
			if err := origins.Check(r); err != nil {
				fail(w, http.StatusForbidden, "a request from another site (Origin %q) is refused", r.Header.Get("Origin"))
				return
			}
			if media, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || media != "application/json" {
				fail(w, http.StatusUnsupportedMediaType, "the body must be JSON, sent with Content-Type: application/json (got %q)", r.Header.Get("Content-Type"))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// hostOf is the host of host:port, or hostport itself when it has no port.
func hostOf(hostport string) string {
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		return host
	}
	return strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]")
}

// loopback reports whether host names this machine only: localhost (and
// its subdomains, which resolvers keep local) or a loopback address.
func loopback(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
