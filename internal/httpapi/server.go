// Package httpapi is the host of the site: its middleware, sessions and accounts, the
// coming-soon gate, uploads and media files, the pages rendered on the server, and the mount of
// every capability's routes (internal/capabilities makes them; each declares its own).
package httpapi

import (
	"cmp"
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/alexedwards/scs/v2"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing/fiken"
	"github.com/ugcfolio/ugcfolio/internal/capabilities"
	"github.com/ugcfolio/ugcfolio/internal/clientaddr"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/contentversion"
	"github.com/ugcfolio/ugcfolio/internal/health"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/metrics"
	"github.com/ugcfolio/ugcfolio/internal/processing"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/ssr"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/video"
	"github.com/ugcfolio/ugcfolio/internal/webapp"
)

// Deps are what the server needs from the outside world.
type Deps struct {
	Config config.Config
	Store  *store.Store
	Log    *slog.Logger
	Web    fs.FS // the built web app (web/dist)

	// Storage keeps uploaded files; nil means the local DATA/uploads.
	Storage media.Storage

	// Metrics, when set, counts and times every request by route pattern.
	Metrics *metrics.Metrics

	// Jobs is the background-job queue; New registers its kinds and the
	// caller runs it. nil: a queue of the server's own that nobody runs
	// (tests that do not look at background work).
	Jobs *jobs.Queue

	// Mail sends the e-mail of each inquiry; nil or disabled: mail is off.
	Mail *mail.Mailer

	// Video are the ffmpeg tools that process uploaded videos in the
	// background (internal/processing); nil: processing is off and uploads
	// are served as they arrived, for the reason VideoOff gives the admin
	// (video.Find's "ffmpeg is not installed").
	Video    *video.Tools
	VideoOff error

	// Renderer renders the home page on the server (internal/ssr); nil: the
	// browser renders it from the plain page.
	Renderer ssr.Renderer

	// RoomsClock is the time the delivery rooms go by (nil: the real time;
	// only a test build of the binary sets another), and RoomsSweepEvery
	// how often their sweep is queued (0: rooms.SweepEvery).
	RoomsClock      func() time.Time
	RoomsSweepEvery time.Duration
	// Fiken tweaks the Fiken connection's dependencies (tests: its retry wait).
	Fiken func(*fiken.Deps)

	// SiteURL is the site's address (https://example.no) for canonical links,
	// previews and the sitemap; "": http:// and the listen address. Never the
	// Host header of a request, which anyone can make up.
	SiteURL string
}

// Server holds the dependencies of every handler.
type Server struct {
	cfg     config.Config
	proxies clientaddr.Proxies // whose X-Forwarded-* headers are believed
	store   *store.Store
	log     *slog.Logger
	web     *webapp.Files
	mux     *http.ServeMux

	sessions    *scs.SessionManager
	adminRoutes []string        // every pattern registered with s.admin
	mediaRoutes map[string]bool // the patterns of routes declared Media (mount)
	mounted     []httpx.Route   // every route mount registered: what the request log hides comes from them
	limits      ratelimit.Auth
	// The argon2 hashes running at once, bounded apart for logins and
	// registrations: a flood of sign-ups must never keep the owner from
	// logging in.
	loginHashes, registrationHashes *ratelimit.PasswordSlots

	jobs       *jobs.Queue           // background work (internal/jobs)
	processing *processing.Processor // photos and videos made ready for visitors
	mail       *mail.Mailer          // e-mail of inquiries (nil: off)
	storage    media.Storage         // uploaded files (local disk or S3)
	uploads    *media.Uploads        // the chunked upload protocol
	now        func() time.Time

	uploadCleanup media.CleanupJob // removes abandoned uploads: a job the janitor schedules

	contactLimit   ratelimit.Limiter // POST /api/contact, per client address
	analyticsLimit ratelimit.Limiter // POST /api/analytics/events, per client address
	bodyTimes      bodyTimes         // how long a request body may take to arrive
	writeTimes     writeTimes        // how long an answer may take to leave (slowreaders.go)
	version        *contentversion.Version
	publicCache    *publicCache // visitor lists, kept under the content version
	health         *health.Health

	metrics *metrics.Metrics // nil: no metrics

	// The site's capabilities (internal/capabilities): their routes are mounted in routes().
	caps *capabilities.Capabilities

	home    *ssr.Home // the home page rendered on the server (nil: off)
	siteURL string    // the site's address, without a trailing slash
}

// New wires a server; Handler answers its requests.
func New(d Deps) *Server {
	s := &Server{
		cfg:         d.Config,
		proxies:     clientaddr.Proxies(d.Config.TrustedProxies),
		store:       d.Store,
		log:         d.Log,
		web:         webapp.New(d.Web),
		mux:         http.NewServeMux(),
		mediaRoutes: map[string]bool{},

		sessions:           newSessions(d.Store, false), // Secure is set per request: OverHTTPS
		loginHashes:        ratelimit.NewPasswordSlots(),
		registrationHashes: ratelimit.NewPasswordSlots(),
		version:            contentversion.New(d.Store),
		bodyTimes:          defaultBodyTimes,
		writeTimes:         defaultWriteTimes,
		storage:            d.Storage,
		metrics:            d.Metrics,
		now:                time.Now,
		siteURL:            strings.TrimRight(cmp.Or(d.SiteURL, "http://"+d.Config.Addr), "/"),
	}
	s.sessions.ErrorFunc = s.sessionError
	s.publicCache = newPublicCache(s.version, d.Log)
	// Every replica counts the same tries: the limits live in the database.
	s.limits = ratelimit.NewAuth(s.sharedLimiter)
	s.contactLimit = s.sharedLimiter("contact", inquiries.Limit)
	s.analyticsLimit = s.beaconLimiter()
	if d.Renderer != nil {
		s.home = s.newHomePages(d.Renderer, d.Web)
	}
	if s.storage == nil {
		s.storage = media.NewLocal(d.Config.UploadsDir())
	}
	s.jobs, s.mail = d.Jobs, d.Mail
	if s.jobs == nil {
		s.jobs = jobs.New(d.Store, d.Log)
	}
	s.uploads = &media.Uploads{Store: d.Store, Storage: s.storage, Dir: d.Config.ChunksDir(), Log: d.Log,
		InUse: d.Store.UploadInUse}
	if bucket, ok := s.storage.(*media.S3); ok {
		s.uploads.Bucket = bucket // chunks in the bucket: any replica takes any chunk
	}
	s.uploadCleanup = s.uploads.RegisterCleanup(s.jobs, func() time.Time { return s.now() }, s.forgetCleaned)
	s.processing = processing.New(processing.Deps{Store: d.Store, Storage: s.storage, Jobs: s.jobs, Log: d.Log,
		Video: d.Video, VideoOff: d.VideoOff, VideoConfig: d.Config.Video, VideoWorkDir: d.Config.VideoWorkDir(),
		Changed: s.publicCache.invalidate})
	s.health = health.New(d.Log, health.Check{Name: "database", Ping: d.Store.Ping},
		health.Check{Name: "storage", Ping: func(ctx context.Context) error { return media.Reachable(ctx, s.storage) }})
	s.caps = capabilities.New(s.host(d))
	s.routes()
	return s
}

// Handler is the whole site with its middleware: request log, write
// deadlines against slow readers (slowreaders.go), a redirect of
// non-canonical paths (paths.go), a time limit for request bodies, security
// headers, refusal of cross-origin state-changing requests, Secure cookies and HSTS
// over HTTPS, sessions, the admin guard over all of /api/admin/, the
// coming-soon gate's guard over stored content, and the content version
// (which every replica's caches follow) bumped by each admin write.
func (s *Server) Handler() http.Handler {
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpx.WriteJSON(w, http.StatusForbidden, map[string]string{"message": "Cross-origin request refused"})
	}))
	h := logRequests(s.log, httpx.NewRedactor(s.mounted), s.limitWriteTime(canonicalPaths(s.limitBodyTime(s.proxies.WarnUntrusted(s.log,
		securityHeaders(csrf.Handler(s.proxies.OverHTTPS(s.withSessions(s.guardAdmin(s.guardGate(s.publicCache.forgetOnAdminWrites(s.mux))))))))))))
	if s.metrics != nil {
		h = s.metrics.Middleware(s.routePattern, h)
	}
	return h
}

// routePattern is the pattern of the route that answers r ("" for none).
func (s *Server) routePattern(r *http.Request) string {
	_, pattern := s.mux.Handler(r)
	return pattern
}

// routes registers every route of the site, in one place.
func (s *Server) routes() {
	// What a load balancer asks (internal/health): alive, and ready for requests.
	s.mux.HandleFunc("GET /healthz", s.health.Live)
	s.mux.HandleFunc("GET /readyz", s.health.Ready)

	// Accounts
	s.mux.Handle("GET /api/user", s.handle(s.getUser))
	s.mux.Handle("POST /api/login", s.handle(s.login))
	s.mux.Handle("POST /api/register", s.handle(s.register))
	s.mux.Handle("POST /api/logout", s.handle(s.logout))

	// The coming-soon gate
	s.mux.Handle("GET /api/site", s.handle(s.getSite))
	s.mux.Handle("POST /api/site-access", s.handle(s.siteAccess))

	// Uploaded media: the chunked upload API, and playback from storage
	s.admin("POST /api/admin/upload/initialize", s.initializeUpload)
	s.admin("POST /api/admin/upload/chunk", s.uploadChunk)
	s.admin("POST /api/admin/upload/finalize", s.finalizeUpload)
	s.mux.Handle("GET /api/video-proxy", s.handle(s.videoProxy))
	s.mux.Handle("GET /uploads/{name}", s.handle(s.serveUpload))
	s.mux.Handle("GET /media/{name}", s.handle(s.serveProcessed))
	s.mount(s.processing.Routes()) // the admin's view of processing

	// Every capability's routes (internal/capabilities lists them)
	s.mount(s.caps.Routes())

	// Any other path under /uploads/ or /media/ is a JSON 404, never the app's HTML.
	fileNotFound := s.handle(func(w http.ResponseWriter, r *http.Request) error { return errFileNotFound })
	s.mux.Handle("/uploads/", fileNotFound)
	s.mux.Handle("/media/", fileNotFound)

	s.mux.Handle("/api/", s.handle(func(w http.ResponseWriter, r *http.Request) error {
		return apperr.NotFound("No API route %s %s", r.Method, r.URL.Path)
	}))
	// The home page and the privacy page in each language, rendered on the
	// server; what crawlers read.
	for _, route := range ssr.Routes {
		for _, path := range []string{route.Norwegian, route.English} {
			if path == "/" {
				path = "/{$}" // "/" alone, not every path under it
			}
			s.mux.HandleFunc("GET "+path, s.serveHome)
		}
	}
	s.mux.HandleFunc("GET /robots.txt", s.robotsTxt)
	s.mux.HandleFunc("GET /sitemap.xml", s.sitemapXML)
	s.mux.Handle("/", s.web)
}

// handle adapts a httpx.Handler: its error becomes the answer.
func (s *Server) handle(fn httpx.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			writeError(w, r, s.log, err)
		}
	})
}

// Drain makes GET /readyz answer 503: the server is shutting down, and a
// load balancer should send its requests to another replica.
func (s *Server) Drain() { s.health.Drain() }

// sharedLimiter counts a limit in the database (ratelimit.Shared), so a
// client gets the same number of tries from one replica as from several.
func (s *Server) sharedLimiter(scope string, r ratelimit.Rate) ratelimit.Limiter {
	return ratelimit.NewShared(s.store, s.log, scope, r)
}

// sessionError answers an error of the session middleware (loading or saving its row) as any
// handler's: one structured line with the request, and 499 rather than 500 for a client that left
// (scs's default printed the bare error and answered 500).
func (s *Server) sessionError(w http.ResponseWriter, r *http.Request, err error) {
	writeError(w, r, s.log, err)
}
