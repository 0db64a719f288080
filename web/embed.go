// Package web holds the React app. Its built form (web/dist, made by `npm run build`) is embedded
// into the ugcfolio binary so a single file serves the whole product.
package web

import (
	"embed"
	"io/fs"
)

// dist is the Vite build output. "all:" keeps files whose names start with "." or "_", which
// Vite may emit for some chunks and which a plain pattern would silently drop.
//
//go:embed all:dist
var dist embed.FS

// Dist returns the built app rooted at dist/, so index.html is at "index.html" and the hashed
// assets are under "assets/".
func Dist() (fs.FS, error) {
	return fs.Sub(dist, "dist")
}

// homeRenderer is the server build of the app (web/dist-ssr/home.js, made by `npm run build`
// too): the script internal/ssr runs to render the home page. It sits outside dist/, so the
// server never serves it as a file.
//
//go:embed dist-ssr/home.js
var homeRenderer string

// HomeRenderer returns the server build's script.
func HomeRenderer() string { return homeRenderer }
