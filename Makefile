# ugcfolio: `make run` to try it, `make test` for every check. See README.md.
.PHONY: run build testclock test test-go test-web test-e2e web deps chromium ffmpeg heif peppol pdftotext dev lint clean tools bench-invoices

GO ?= go
# The photo codecs (gen2brain/heic, gen2brain/webp) run as WebAssembly; without this tag they
# would switch to a system libheif/libwebp found at run time, so a machine's packages would change
# what the binary does.
export GOFLAGS ?= -tags=nodynamic
ADDR ?= 127.0.0.1:8080
DATA ?= data

# npm ci runs again only when a lock file changes.
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund

deps: web/node_modules/.package-lock.json e2e/node_modules/.package-lock.json

web: web/node_modules/.package-lock.json
	cd web && npm run build

build: web
	$(GO) build -trimpath -o bin/ugcfolio ./cmd/ugcfolio

# The browser tests' second binary: the same code with the delivery rooms' test clock
# (cmd/ugcfolio/testclock_on.go: UGCFOLIO_TEST_CLOCK), which the shipped binary does not have.
testclock: web
	$(GO) build -trimpath -tags nodynamic,testclock -o bin/ugcfolio-testclock ./cmd/ugcfolio

## run: build and start the site on http://localhost:8080 with demo content in ./data
run: build
	./bin/ugcfolio serve --addr $(ADDR) --data $(DATA) --demo

## test: every check, browser tests included
test: build deps chromium ffmpeg heif peppol pdftotext test-go test-web test-e2e

test-go: web tools ffmpeg heif peppol pdftotext
	gofmt -l . | (! grep .) || { echo "gofmt needed on the files above" >&2; exit 1; }
	$(GO) vet ./...
	.tools/staticcheck ./...
	$(GO) test -race -count=1 -timeout 30m ./...

test-web: web/node_modules/.package-lock.json
	cd web && npm run typecheck && npm run lint && npm test

test-e2e: build testclock tools e2e/node_modules/.package-lock.json chromium ffmpeg heif
	cd e2e && npm run typecheck && npm test

# Browser tests drive Debian's Chromium; a test tool's own browser download
# cannot work on our machines.
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else \
	    echo "make test needs Chromium: run 'sudo apt-get install chromium' (Debian) and try again" >&2; exit 1; \
	  fi; }

# Video processing runs Debian's ffmpeg and ffprobe; the Go and
# browser tests run them on clips they make. The site itself works without.
ffmpeg:
	@{ command -v ffmpeg && command -v ffprobe; } >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg; \
	  else \
	    echo "make test needs ffmpeg: run 'sudo apt-get install ffmpeg' (Debian) and try again" >&2; exit 1; \
	  fi; }

# The photo tests make camera-size HEIC files as phones write
# them with libheif's own encoder, heif-enc (Debian's libheif-examples).
# The site decodes HEIC with its heif-dec (heif-convert in Debian 12) when
# it is installed, and without it in WebAssembly.
heif:
	@command -v heif-enc >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libheif-examples; \
	  else \
	    echo "make test needs heif-enc: run 'sudo apt-get install libheif-examples' (Debian) and try again" >&2; exit 1; \
	  fi; }

# Every invoice document is judged by the official rules:
# third_party/peppol/validate.sh runs the EN 16931 and Peppol BIS Billing 3.0
# rules with Saxon-HE on Java, both from Debian. The site does not need them.
peppol:
	@{ command -v java && test -f /usr/share/java/Saxon-HE.jar; } >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless libsaxonhe-java; \
	  else \
	    echo "make test needs Java and Saxon-HE: run 'sudo apt-get install default-jre-headless libsaxonhe-java' (Debian) and try again" >&2; exit 1; \
	  fi; }

# The invoice tests read their PDFs' text with pdftotext (Debian's poppler-utils).
pdftotext:
	@command -v pdftotext >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils; \
	  else \
	    echo "make test needs pdftotext: run 'sudo apt-get install poppler-utils' (Debian) and try again" >&2; exit 1; \
	  fi; }

## dev: the Go server on :8080 and Vite's dev server (with hot reload) proxying to it
dev: build
	./bin/ugcfolio serve --addr $(ADDR) --data $(DATA) --demo & \
	  trap 'kill $$!' EXIT; cd web && npm run dev

lint: web .tools/staticcheck
	gofmt -l . | (! grep .) || { echo "gofmt needed on the files above" >&2; exit 1; }
	$(GO) vet ./...
	.tools/staticcheck ./...
	cd web && npm run lint

clean:
	rm -rf bin web/dist

## bench-images: time and peak memory to process a 12 MP and a 48 MP photo, JPEG and HEIC, and a HEIC on each decode path (native heif-dec, embedded WebAssembly); bytes of a phone's work section
.PHONY: bench-images
bench-images: heif
	@echo "load average: $$(cat /proc/loadavg)"
	$(GO) test -run '^$$' -bench . -benchtime 3x ./internal/images
	@echo "load average: $$(cat /proc/loadavg)"

## bench-contact-mail: auto-replies and notification mails for 500 contact posts from 50 addresses
## to 50 recipients (waits for the digest slot: about 2.5 minutes per database)
.PHONY: bench-contact-mail
bench-contact-mail:
	UGCFOLIO_BENCH_CONTACT_MAIL=1 $(GO) test -count=1 -v -run '^TestContactMailFigures$$' ./internal/inquiries | grep -E 'posts accepted|^(ok|FAIL|---)'

## bench-startup: start-to-first-answer and memory at rest of the built binary (DESIGN.md §5)
.PHONY: bench-startup
bench-startup: build
	scripts/bench-startup.sh

## bench-user-agent: server CPU per GET / with a browser's User-Agent and with 1 MB of one (the bot check's bound)
.PHONY: bench-user-agent
bench-user-agent: build
	scripts/bench-user-agent.sh

## bench-login-burst: peak memory while 60 failed logins arrive at once (argon2 bound)
.PHONY: bench-login-burst
bench-login-burst: build
	scripts/bench-login-burst.sh

## bench-uploads: a 20 MB upload in 1 MiB chunks with S3 storage, chunks on disk vs in the bucket
##; the median of each run is its ms/upload (PostgreSQL too with TEST_DATABASE_URL)
.PHONY: bench-uploads
bench-uploads: tools
	$(GO) test -run '^$$' -bench BenchmarkUpload20MB -benchtime 5x -count 5 ./internal/media

## bench-api: portfolio list vs a static file of the same size under load (DESIGN.md §5)
.PHONY: bench-api
bench-api: build
	scripts/bench-api.sh

## bench-video: processing time per clip length (1080p H.264, 4K HEVC), sizes, peak memory,
# and p99 of the public API during a transcode vs without one
.PHONY: bench-video
bench-video: build ffmpeg
	scripts/bench-video.sh

## bench-home: the cached home page rendered by the server vs a static file of the same size
.PHONY: bench-home
bench-home: build
	scripts/bench-home.sh

## bench-render: one render of the home page in the embedded engine, its load time and memory
.PHONY: bench-render
bench-render: web
	for i in 1 2 3; do $(GO) test -run x -bench BenchmarkRenderHome -benchtime 30x ./internal/ssr | grep Benchmark; done

## bench-backup: a backup of 100 items and 1 GB of uploads, and p99 of the public API meanwhile
.PHONY: bench-backup
bench-backup: build
	scripts/bench-backup.sh

## bench-slow-readers: server RSS with 300 clients reading a 100 MB video at 1 KB/s, and when they are cut off
.PHONY: bench-slow-readers
bench-slow-readers: build
	scripts/bench-slow-readers.sh

## test-replicas: three replicas of bin/ugcfolio behind a round-robin proxy on PostgreSQL
## (TEST_DATABASE_URL) and versitygw: sessions, uploads, caches and limits across them
.PHONY: test-replicas
test-replicas: build ffmpeg .tools/versitygw
	@test -n "$$TEST_DATABASE_URL" || { echo "make test-replicas needs TEST_DATABASE_URL=postgres://…" >&2; exit 1; }
	UGCFOLIO_BIN=$(CURDIR)/bin/ugcfolio $(GO) test -tags=nodynamic,replicas -count=1 -v -timeout 10m -run '^TestThreeReplicas$$' ./internal/replicas

## bench-replicas: requests/s of / and /api/portfolio/no with one and three replicas behind a
## round-robin proxy, and a 100 MB upload spread over three vs one server with local disk
.PHONY: bench-replicas
bench-replicas: build .tools/versitygw
	@test -n "$$TEST_DATABASE_URL" || { echo "make bench-replicas needs TEST_DATABASE_URL=postgres://…" >&2; exit 1; }
	$(GO) build -o bin/loadbench ./cmd/loadbench
	$(GO) run ./cmd/replicabench -bin bin/ugcfolio -loadbench bin/loadbench -versitygw .tools/versitygw $(REPLICABENCH_FLAGS)

# Test tools, built once into .tools/ from the Go module proxy (ignored by git).
# versitygw is a real S3-compatible server: the S3 storage tests start it on
# loopback (they skip without it only outside CI).
VERSITYGW_VERSION ?= v1.8.0
tools: .tools/versitygw .tools/pebble .tools/smtptest .tools/staticcheck .tools/stripe-mock
# staticcheck, in make test with gofmt and go vet: no finding lands.
STATICCHECK_VERSION ?= v0.8.2
.tools/staticcheck:
	GOBIN=$(CURDIR)/.tools $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
.tools/versitygw:
	GOBIN=$(CURDIR)/.tools $(GO) install github.com/versity/versitygw/cmd/versitygw@$(VERSITYGW_VERSION)
# Pebble is Let's Encrypt's ACME test server; pebble-challtestsrv answers its
# DNS queries. The automatic HTTPS test (internal/tlsserve) starts both.
PEBBLE_VERSION ?= v2.10.1
.tools/pebble:
	GOBIN=$(CURDIR)/.tools $(GO) install github.com/letsencrypt/pebble/v2/cmd/pebble@$(PEBBLE_VERSION) \
	  github.com/letsencrypt/pebble/v2/cmd/pebble-challtestsrv@$(PEBBLE_VERSION)
# stripe-mock answers Stripe's API from Stripe's own API description (it
# refuses a request of the wrong shape): the card payment tests
# (internal/billing/card) start it on a free loopback port.
STRIPE_MOCK_VERSION ?= v0.203.0
.tools/stripe-mock:
	GOBIN=$(CURDIR)/.tools $(GO) install github.com/stripe/stripe-mock@$(STRIPE_MOCK_VERSION)
# The SMTP server of the mail tests, for the browser tests (Go tests start it
# in process). Always rebuilt: it is ours and cheap. mailpit, the issue's
# first choice, is not on the module proxy we reach.
.PHONY: .tools/smtptest
.tools/smtptest:
	$(GO) build -o .tools/smtptest ./cmd/smtptest

# Upload budget (DESIGN.md section 5): 100 MB through the chunked API over
# loopback vs one plain POST, and the server's RSS growth; median of 3 runs.
.PHONY: bench-upload
bench-upload: build
	$(GO) run ./cmd/uploadbench -bin bin/ugcfolio -runs 3

## lighthouse-photos: Lighthouse's image audits on the home page with 10 uploaded photo items
.PHONY: lighthouse-photos
lighthouse-photos: build
	node e2e/scripts/lighthouse-photos.mjs

## lighthouse: Lighthouse (mobile) on the home page with demo content, simulated (PageSpeed Insights) and applied throttling, at 4x and 8x CPU slowdown, median of 3 each
# Prints performance, FCP, LCP, TBT, TTI and the other three scores per method and slowdown, with
# each run's benchmarkIndex, and fails when a median is under budget (DESIGN.md section 5).
# LIGHTHOUSE_RUNS per method; LIGHTHOUSE_CPU="4" for the default slowdown only;
# LIGHTHOUSE_BASELINE=path/to/ugcfolio measures another build in the same run (before and after).
LIGHTHOUSE_RUNS ?= 3
.PHONY: lighthouse
lighthouse: build e2e/node_modules/.package-lock.json chromium
	e2e/scripts/lighthouse.sh bin/ugcfolio $(LIGHTHOUSE_RUNS)
	$(MAKE) long-tasks

## long-tasks: the home page's main-thread tasks over 50 ms between first paint and hydration at 4x CPU (a figure of the machine too: run it on a quiet one)
.PHONY: long-tasks
long-tasks: build e2e/node_modules/.package-lock.json chromium
	cd e2e && UGCFOLIO_LONG_TASKS=1 npx playwright test tests/long-tasks.spec.ts

## bench-admin: an admin screen's time from navigation to its data (Overview, Deals, Analytics: opened by address, and by a sidebar click) and sign-in's, median of 5, in the browser; then one password check on the server (argon2id at OWASP's minimum). ADMIN_BASELINE=/abs/path/to/ugcfolio measures another build in the same run
.PHONY: bench-admin
bench-admin: build e2e/node_modules/.package-lock.json chromium
	@echo "load average: $$(cat /proc/loadavg)"
	cd e2e && node scripts/admin-timing.mjs ../bin/ugcfolio 5 $(ADMIN_BASELINE)
	$(GO) test -run '^$$' -bench CheckPassword -benchtime 5x -count 3 ./internal/auth

## bench-analytics: events/s ingested (the server a child process) and / p99 with and without, RSS of a 50,000-event burst, the 12-month summary over 1M events
.PHONY: bench-analytics
bench-analytics: build
	$(GO) run ./cmd/analyticsbench -bin bin/ugcfolio -runs 3

## bench-invoices: issuing an invoice (number, PDF, EHF, stored at once) through the API on SQLite, and on
## PostgreSQL when TEST_DATABASE_URL is set: the median and p99 of one issue, and the PDF's size
bench-invoices:
	$(GO) test -run '^$$' -bench '^BenchmarkIssue$$' -benchtime 200x -count 1 ./internal/billing/
