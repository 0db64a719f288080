// Package ssr runs the web app's server build (web/dist-ssr/home.js) in an embedded JavaScript
// engine (modernc.org/quickjs, pure Go) to render the home page and the privacy page to HTML, with no Node.js at run
// time. One engine renders at a time, within a time and a memory limit; an engine that failed is
// dropped and a new one is made on the next render.
package ssr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"modernc.org/quickjs"
)

// Limits bound one engine.
type Limits struct {
	Time   time.Duration // per render (and for loading the script)
	Memory uintptr       // the engine's heap, in bytes
}

// DefaultLimits leave room for a page of 100 items (about 10 ms and 10 MB on a laptop) on a
// slow, busy machine.
var DefaultLimits = Limits{Time: 2 * time.Second, Memory: 64 << 20}

// Page is one rendered page: the app's HTML (the inside of #root) and what its head needs.
type Page struct {
	HTML string `json:"html"`
	Head Head   `json:"head"`
	// Data is the page data the HTML was rendered from when the render filled something in
	// (the privacy page's built-in text when none is saved): the browser must hydrate from the
	// same. Empty: the page data given.
	Data json.RawMessage `json:"data,omitempty"`
}

// Head is web/src/ssr/page-head.ts's PageHead.
type Head struct {
	Title       string          `json:"title"`
	Description string          `json:"description"`
	ImageAlt    string          `json:"imageAlt"`
	JSONLD      json.RawMessage `json:"jsonLd"`
}

// Engine renders pages with the server build's script. Safe for concurrent use: renders wait for
// each other (the page is cached by the caller, so renders are rare).
type Engine struct {
	script string
	limits Limits

	mu sync.Mutex
	vm *quickjs.VM // nil until the first render, and after a failure
}

// New returns an engine for the script; it loads on the first render (or Warm).
func New(script string, limits Limits) *Engine {
	return &Engine{script: script, limits: limits}
}

// Warm loads the script now, so the first visitor does not wait for it. Cancelling ctx stops it.
func (e *Engine) Warm(ctx context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	_, err := e.loadWithin(ctx)
	return err
}

// Render renders a page (the home page or the privacy page, by the data's path) from its data (the JSON of web/src/api/page-data.ts's PageData)
// for the site at origin (https://example.no). Any error leaves no engine behind: the next call
// starts a fresh one.
func (e *Engine) Render(ctx context.Context, pageData []byte, origin string) (page Page, err error) {
	if err := ctx.Err(); err != nil {
		return Page{}, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("ssr: panic: %v", p)
		}
		if err != nil {
			e.drop()
		}
	}()
	vm, err := e.loadWithin(ctx)
	if err != nil {
		return Page{}, err
	}
	// The context can stop a render early (the server shutting down).
	stop := context.AfterFunc(ctx, vm.Interrupt)
	defer stop()
	if err := vm.SetEvalTimeout(e.limits.Time); err != nil {
		return Page{}, err
	}
	out, err := vm.Call("renderHome", string(pageData), origin)
	if err != nil {
		return Page{}, fmt.Errorf("ssr: render: %w", err)
	}
	text, ok := out.(string)
	if !ok {
		return Page{}, fmt.Errorf("ssr: render answered %T, not a string", out)
	}
	if err := json.Unmarshal([]byte(text), &page); err != nil {
		return Page{}, fmt.Errorf("ssr: render answer: %w", err)
	}
	if page.HTML == "" {
		return Page{}, errors.New("ssr: render answered no HTML")
	}
	return page, nil
}

// loadWithin returns the engine, starting it and running the script first if there is none;
// cancelling ctx stops the script. e.mu held.
func (e *Engine) loadWithin(ctx context.Context) (*quickjs.VM, error) {
	if e.vm != nil {
		return e.vm, nil
	}
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, fmt.Errorf("ssr: new engine: %w", err)
	}
	vm.SetMemoryLimit(e.limits.Memory)
	if err := vm.SetEvalTimeout(e.limits.Time); err != nil {
		vm.Close()
		return nil, err
	}
	stop := context.AfterFunc(ctx, vm.Interrupt)
	defer stop()
	if _, err := vm.Eval(e.script, quickjs.EvalGlobal); err != nil {
		vm.Close()
		return nil, fmt.Errorf("ssr: load the server build: %w", err)
	}
	e.vm = vm
	return vm, nil
}

// drop closes the engine after a failure; its memory goes with it. e.mu held.
func (e *Engine) drop() {
	if e.vm != nil {
		e.vm.Close()
		e.vm = nil
	}
}

// Close releases the engine.
func (e *Engine) Close() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.drop()
}
